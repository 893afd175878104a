/**
 * Stopping: a reply that means "stop" however it is typed (case, punctuation, the usual synonyms,
 * Hindi), and an opt-out kept per number: whatever email or form names the number later, it gets
 * nothing (not even a code) until the number itself writes START.
 */
import { describe, expect, it } from 'vitest';
import { call, signupVerifiedLearner, useTestDatabase } from '../support/harness.ts';
import { advisorLead, confirmToken, freshIp, inboundBody, postWebhook, provenLead, sandboxSent, sign } from './kit.ts';

const db = useTestDatabase();

let n = 0;
async function reply(phone: string, text: string) {
  const raw = inboundBody(`wamid.stop-${++n}`, text, phone);
  const res = await postWebhook(raw, sign(raw));
  expect(res.status, res.text).toBe(200);
}

const withdrawnVia = async (email: string) =>
  (await db.sql`select withdrawn_via from consents where email = ${email} and purpose = 'whatsapp' order by id desc limit 1`)[0]
    ?.withdrawn_via;

describe('STOP, however it is typed', () => {
  const variants = ['Stop.', 'STOP!', 'Opt-out', 'opt out', ' Unsubscribe ', 'cancel', 'Stop all', 'END', 'quit', 'रोकें', 'बंद करें।', 'बंद'];
  it.each(variants.map((text, i) => [text, i] as const))('"%s" stops WhatsApp messages', async (text, i) => {
    const phone = `+9198600100${String(i).padStart(2, '0')}`;
    const { email } = await provenLead(db, `Stop Variant ${String.fromCharCode(65 + i)}`, phone);
    await reply(phone, text);
    expect(await withdrawnVia(email)).toBe('whatsapp-stop');
  });

  it('a sentence that merely contains the word does not stop anything', async () => {
    const phone = '+919860010099';
    const { email } = await provenLead(db, 'Stop Sentence', phone);
    await reply(phone, 'Please do not stop, I want the fee details');
    expect(await withdrawnVia(email)).toBeNull();
  });
});

describe('an opt-out per number', () => {
  it('holds whatever email or form names the number later, until the number writes START', async () => {
    const phone = '+919860020001';
    const { email } = await provenLead(db, 'Asha Optout', phone);
    await reply(phone, 'STOP');
    const before = (await sandboxSent(db, phone)).length;

    // Another person types the number on a form: their link cannot even send a code to it.
    const other = await advisorLead('Bela Later', { whatsapp: true, phone });
    const token = await confirmToken(db, other.email);
    const refused = await call('POST', '/api/v1/whatsapp/confirm/send', { body: { token }, ip: freshIp() });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toMatch(/asked us to stop WhatsApp messages/);
    // A confirmed account cannot either.
    const learner = await signupVerifiedLearner({ email: 'optout.settings@example.com' });
    const set = await call('PUT', '/api/v1/user/whatsapp', { token: learner.token, body: { optedIn: true, phone: phone.slice(3) } });
    expect(set.status).toBe(409);
    // The first person ticks WhatsApp again on a form: the number still gets nothing.
    await advisorLead('Asha Optout', { whatsapp: true, phone });
    expect((await sandboxSent(db, phone)).length).toBe(before);

    // The number itself asks again: the next message of the (proven, consenting) person goes.
    await reply(phone, 'Start');
    await advisorLead('Asha Optout', { whatsapp: true, phone });
    const after = await sandboxSent(db, phone);
    expect(after.at(-1)!.template).toBe('lead_received');
    expect(email).toBe('asha.optout@example.com');
  });
});
