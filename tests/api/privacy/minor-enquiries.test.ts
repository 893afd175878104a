/**
 * A child's enquiry (DPDP Act s.9): "I am under 18" asks the parent first; no campaign trail is
 * stored, the child gets no email; a refusal erases that enquiry alone (its address was only typed).
 */
import { describe, expect, it } from 'vitest';
import { call, useTestDatabase } from '../support/harness.ts';
import { newEmail, nextIp } from '../registrations/kit.ts';
import { adminAccount, INVITE } from './kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });
const TOUCHES = { utm_source: 'instagram', utm_campaign: 'diwali', referrer: 'https://www.instagram.com/aspira' };

function contact(email: string, extra: Record<string, unknown> = {}) {
  const body = build.contact({ Name: 'Asha', Number: '9810042424', email, comments: 'Which course?', ...TOUCHES, ...extra });
  return call('POST', '/api/v1/user/contactus', { body, ip: nextIp() });
}

const child = (parentEmail: string) => ({
  under18: true,
  parentName: 'Meera Verma',
  parentEmail,
  parentPhone: '9810011111',
  noticeLanguage: 'hi',
});

async function parentToken(parentEmail: string): Promise<string> {
  const [row] = await db.sql<{ text_body: string }[]>`
    select text_body from email_outbox where to_address = ${parentEmail} and tag = 'parent-consent' order by id desc limit 1`;
  return decodeURIComponent(row!.text_body.match(/\/parent-consent\?t=([\w%-]+)/)![1]!);
}

describe("a child's enquiry", () => {
  it('asks the parent and stores no campaign trail; the child gets no email', async () => {
    const email = newEmail('child');
    const parentEmail = newEmail('parent');
    const answer = await contact(email, child(parentEmail));
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.message).toMatch(/parent or guardian/);
    const [row] = await db.sql<{ id: string; utm_source: string | null; utm_campaign: string | null; referrer: string | null }[]>`
      select id::text, utm_source, utm_campaign, referrer from contact_requests where email = ${email}`;
    expect(row).toMatchObject({ utm_source: null, utm_campaign: null, referrer: null });
    expect(await db.sql`select 1 from lead_touches where lead_kind = 'contact' and lead_id = ${row!.id}`).toHaveLength(0);
    expect(await db.sql`select 1 from email_outbox where to_address = ${email}`).toHaveLength(0);
    expect(await parentToken(parentEmail)).toMatch(/^[\w-]{40,}$/);
    const [consent] = await db.sql<{ minor: boolean; language: string }[]>`select minor, language from consents where email = ${email}`;
    expect(consent).toEqual({ minor: true, language: 'hi' });
  });

  it("refuses a child's enquiry without the parent's details: nothing written", async () => {
    const email = newEmail('child');
    const answer = await contact(email, { under18: true, parentEmail: email });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.stringMatching(/^parentName: /),
      expect.stringMatching(/^parentEmail: .*own email/),
      expect.stringMatching(/^parentPhone: /),
    ]);
    expect(await db.sql`select 1 from contact_requests where email = ${email}`).toHaveLength(0);
    expect(await db.sql`select 1 from consents where email = ${email}`).toHaveLength(0);
  });

  it('a refusal erases that enquiry alone, never other data found by the typed address', async () => {
    const email = newEmail('someone');
    expect((await contact(email)).status).toBe(201); // an adult's earlier enquiry with this address
    const parentEmail = newEmail('parent');
    expect((await contact(email, child(parentEmail))).status).toBe(201);
    const answer = await call('POST', '/api/v1/parent-consent/decide', {
      body: { token: await parentToken(parentEmail), decision: 'refused' },
      ip: nextIp(),
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.status).toBe('refused');
    const left = await db.sql<{ utm_source: string | null }[]>`select utm_source from contact_requests where email = ${email}`;
    expect(left).toEqual([{ utm_source: 'instagram' }]);
    expect(await db.sql`select minor from consents where email = ${email}`).toEqual([{ minor: false }]);
    expect(await db.sql`select 1 from parental_consents where child_email = ${email}`).toHaveLength(0);
    const [log] = await db.sql<{ requested_by: string }[]>`select requested_by from privacy_requests order by id desc limit 1`;
    expect(log!.requested_by).toBe('parent');
  });

  it('a confirmation is recorded and the enquiry stays', async () => {
    const email = newEmail('child');
    const parentEmail = newEmail('parent');
    await contact(email, child(parentEmail));
    const answer = await call('POST', '/api/v1/parent-consent/decide', {
      body: { token: await parentToken(parentEmail), decision: 'given' },
      ip: nextIp(),
    });
    expect(answer.body.status).toBe('given');
    expect(await db.sql`select status, decided_by_email from parental_consents where child_email = ${email}`).toEqual([
      { status: 'given', decided_by_email: parentEmail },
    ]);
    expect(await db.sql`select 1 from contact_requests where email = ${email}`).toHaveLength(1);
  });

  it('the pipeline shows the lead as a minor with the parent as the contact', async () => {
    const email = newEmail('child');
    const parentEmail = newEmail('parent');
    await contact(email, child(parentEmail));
    const [row] = await db.sql<{ id: string }[]>`select id::text from contact_requests where email = ${email}`;
    const owner = await adminAccount(db, newEmail('owner'));
    const detail = await call('GET', `/api/v1/admin/pipeline/contact/${row!.id}`, { token: owner.token });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.minor).toEqual({ name: 'Meera Verma', email: parentEmail, phone: '9810011111', consent: 'awaiting' });
    const [adult] = await db.sql<{ id: string }[]>`
      select r.id::text from contact_requests r
      where not exists (select 1 from parental_consents c where c.subject_table = 'contact_requests' and c.subject_id = r.id::text) limit 1`;
    expect((await call('GET', `/api/v1/admin/pipeline/contact/${adult!.id}`, { token: owner.token })).body.minor).toBeNull();
  });
});
