/**
 * WhatsApp on the person's timeline as a counsellor reads it: each template by what it says
 * ("WhatsApp: enquiry received"), never its code name, and an entry when the person stopped
 * WhatsApp (in settings, on Your choices, or by replying STOP).
 */
import { describe, expect, it } from 'vitest';
import { call, useTestDatabase } from '../support/harness.ts';
import { advisorLead, inboundBody, makeAdmin, postWebhook, provenLead, sign } from '../messaging/kit.ts';

const db = useTestDatabase();

type Entry = { kind: string; title: string; detail?: string };

async function timelineOf(email: string): Promise<Entry[]> {
  const [lead] = await db.sql<{ id: string }[]>`select id::text from contact_requests where email = ${email} order by id desc limit 1`;
  const owner = await makeAdmin(`Timeline${lead!.id}`, 'owner');
  const found = await call('GET', `/api/v1/admin/persons/lookup?kind=contact&id=${lead!.id}`, { token: owner.token });
  expect(found.status, found.text).toBe(200);
  const page = await call('GET', `/api/v1/admin/persons/${found.body.id}`, { token: owner.token });
  expect(page.status, page.text).toBe(200);
  return page.body.person.timeline as Entry[];
}

describe("the person's timeline", () => {
  it('names each WhatsApp template by what it says, and shows when the person replied STOP', async () => {
    const phone = '+919820000071';
    const { email } = await provenLead(db, 'Tara Stop', phone);
    await advisorLead('Tara Stop', { whatsapp: true, phone });
    const raw = inboundBody('wamid.timeline-stop', 'STOP', phone);
    expect((await postWebhook(raw, sign(raw))).status).toBe(200);

    const timeline = await timelineOf(email);
    const titles = timeline.filter((e) => e.kind === 'whatsapp').map((e) => e.title);
    // The STOP reply and the stop it makes are written at the same moment: either may come first.
    expect(titles.slice(0, 2).sort()).toEqual(['Replied on WhatsApp', 'Stopped WhatsApp: replied STOP']);
    expect(titles.slice(2)).toEqual(['WhatsApp: enquiry received (sent)', 'WhatsApp: verification code (sent)']);
    expect(titles.join(' ')).not.toMatch(/lead_received|whatsapp_code|template/);
  });

  it('shows when the person turned WhatsApp off on Your choices', async () => {
    const phone = '+919820000072';
    const { email } = await provenLead(db, 'Uma Choices', phone);
    await db.sql`update consents set withdrawn_at = now(), withdrawn_via = 'choices-link' where email = ${email} and purpose = 'whatsapp'`;
    const stops = (await timelineOf(email)).filter((e) => e.title.startsWith('Stopped WhatsApp'));
    expect(stops.map((e) => e.title)).toEqual(['Stopped WhatsApp: on Your choices']);
  });
});
