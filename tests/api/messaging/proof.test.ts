/**
 * A WhatsApp number gets nothing personal until the pair (email, number) is proven by someone who
 * holds both: the email (a confirmed account, or the signed link we emailed) and the number (a
 * one-time code sent to it over WhatsApp, typed back). Receipts and choices links always go by
 * email too; an unproven number is never messaged; names are cleaned before they reach a template.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestDatabase } from '../support/harness.ts';
import { DM, shopKit } from '../shop/kit.ts';
import { advisorLead, confirmToken, freshIp, outboxRows, proveByLink, sandboxSent } from './kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase();
const shop = shopKit(db);

describe('a number typed with someone else’s email', () => {
  it('gets nothing at all; the learner gets the confirmation email and their receipt by email', async () => {
    const attacker = '+919870000001';
    const learner = await shop.learner();
    const lead = await call('POST', '/api/v1/user/contactus', {
      body: build.advisor({ Name: 'Mallory', Number: attacker.slice(3), email: learner.email, whatsapp: true }),
      ip: freshIp(),
    });
    expect(lead.status, lead.text).toBe(201);
    expect(await sandboxSent(db, attacker)).toEqual([]);

    const order = await shop.buy(learner.token);
    const paid = await call('POST', '/api/v1/order', {
      token: learner.token,
      body: { courseId: DM, ...(await shop.pay(order.body.orderId)) },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(await sandboxSent(db, attacker)).toEqual([]);

    const rows = await outboxRows(db, learner.email);
    expect(rows.filter((r) => r.channel === 'whatsapp')).toEqual([]);
    expect(rows.filter((r) => r.tag.startsWith('course-')).map((r) => [r.channel, r.to_address])).toEqual([['email', learner.email]]);
    // The learner is asked, by email, whether the number is theirs (masked: only its last digits).
    const [ask] = await db.sql<{ subject: string; text_body: string }[]>`
      select subject, text_body from email_outbox where to_address = ${learner.email} and tag = 'whatsapp-confirm'`;
    expect(ask!.subject).toBe('Confirm WhatsApp updates to +91 ••••• 00001');
    expect(ask!.text_body).not.toContain(attacker);
    expect(ask!.text_body).toMatch(/\/whatsapp\/confirm\?t=/);
  });

  it('cannot be proven with the link of another pair, and a wrong code counts against it', async () => {
    const phone = '+919870000002';
    const { email } = await advisorLead('Lina Link', { whatsapp: true, phone });
    const token = await confirmToken(db, email);
    const forged = `${token.slice(0, -2)}xx`;
    const bad = await call('POST', '/api/v1/whatsapp/confirm/send', { body: { token: forged }, ip: freshIp() });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toBe('This link is not valid or has expired. Tick the WhatsApp choice on a form again to get a new one.');
    expect(await sandboxSent(db, phone)).toEqual([]);

    const sent = await call('POST', '/api/v1/whatsapp/confirm/send', { body: { token }, ip: freshIp() });
    expect(sent.status, sent.text).toBe(200);
    const [codeMessage] = await sandboxSent(db, phone);
    // The code's message carries the code and nothing else: no name, no link.
    expect(codeMessage!.template).toBe('whatsapp_code');
    const variables = JSON.parse(codeMessage!.body) as string[];
    expect(variables).toEqual([expect.stringMatching(/^\d{6}$/)]);
    const wrongCode = variables[0] === '000000' ? '111111' : '000000';
    const wrong = await call('POST', '/api/v1/whatsapp/confirm', { body: { token, code: wrongCode }, ip: freshIp() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(['code: This code is not right. Check the latest WhatsApp message from Aspira.']);
    const [stored] = await db.sql`select code_hash, attempts from whatsapp_codes where phone = ${phone}`;
    expect(stored!.code_hash).not.toContain(variables[0]);
    expect(stored!.attempts).toBe(1);
    const right = await call('POST', '/api/v1/whatsapp/confirm', { body: { token, code: variables[0] }, ip: freshIp() });
    expect(right.status, right.text).toBe(200);
    expect(right.body.confirmation).toMatchObject({ phone: '+91 ••••• 00002', confirmed: true });
  });

  it('once proven, the next message goes by WhatsApp AND by email; a proven pair is never overwritten by a form', async () => {
    const phone = '+919870000003';
    const { email } = await advisorLead('Priya Proven', { whatsapp: true, phone });
    await proveByLink(db, email, phone);
    await advisorLead('Priya Proven', { whatsapp: true, phone });
    const sent = (await sandboxSent(db, phone)).filter((m) => m.template === 'lead_received');
    expect(sent).toHaveLength(1);
    const confirmations = (await outboxRows(db, email)).filter((r) => r.tag === 'advisor-confirmation');
    expect(confirmations.map((r) => r.channel).sort()).toEqual(['email', 'email', 'whatsapp']);

    // Someone else types the same number with their own email: the proven pair stands.
    await advisorLead('Other Person', { whatsapp: true, phone });
    const [contact] =
      await db.sql`select email, verified_at is not null as proven from whatsapp_contacts where phone = ${phone} and verified_at is not null`;
    expect(contact).toEqual({ email, proven: true });
    expect((await sandboxSent(db, phone)).filter((m) => m.template === 'lead_received')).toHaveLength(1);
  });
});

describe('template variables', () => {
  it('a name that carries a link or words of a stranger’s choosing is greeted as "there"', async () => {
    const phone = '+919870000004';
    const { email } = await advisorLead('Nina Name', { whatsapp: true, phone });
    await proveByLink(db, email, phone);
    const res = await call('POST', '/api/v1/user/contactus', {
      body: build.advisor({ Name: 'Claim refund at evil.example/pay now', Number: phone.slice(3), email, whatsapp: true }),
      ip: freshIp(),
    });
    expect(res.status, res.text).toBe(201);
    const [received] = (await sandboxSent(db, phone)).filter((m) => m.template === 'lead_received');
    expect(JSON.parse(received!.body)[0]).toBe('there');
  });
});

describe('settings', () => {
  it('an account whose email is not confirmed cannot read or set a WhatsApp number', async () => {
    const email = 'unconfirmed.wa@example.com';
    const password = 'learn2grow!';
    const signup = await call('POST', '/api/v1/user/signup', {
      body: { firstName: 'Una', lastName: 'Test', email, password },
      ip: '198.19.0.1',
    });
    expect(signup.status, signup.text).toBe(201);
    const login = await call('POST', '/api/v1/user/login', { body: { email, password }, ip: '198.19.0.1' });
    expect(login.status, login.text).toBe(200);
    const token = login.body.token as string;
    const read = await call('GET', '/api/v1/user/whatsapp', { token });
    expect(read.status).toBe(403);
    const set = await call('PUT', '/api/v1/user/whatsapp', { token, body: { optedIn: true, phone: '9870000005' } });
    expect(set.status).toBe(403);
    expect(await sandboxSent(db, '+919870000005')).toEqual([]);
  });
});
