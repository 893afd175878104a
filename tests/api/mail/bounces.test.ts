/**
 * Email outcomes (docs/architecture.md, Operations): a permanent Postmark error fails an email at
 * once and marks the address; Postmark's bounce webhook (basic auth or `?secret=`) marks it too;
 * nothing more is sent to it except an OTP the person typed it again for; a right address from a
 * counsellor, the person proving the inbox, or an owner's clear ends it.
 */
import { describe, expect, it } from 'vitest';
import { deliverDue, enqueueEmail } from '../../../netlify/lib/outbox/index.ts';
import { db } from '../../../netlify/lib/platform/index.ts';
import { useFakePostmark } from '../../fixtures/fake-postmark.ts';
import { makeAdmin, type TestAdmin } from '../leads/kit.ts';
import { nextIp } from '../registrations/kit.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { build } from '../../support/factories.ts';

const SECRET = 'postmark-webhook-secret-for-the-tests-0123';
const testDb = useTestDatabase({ POSTMARK_WEBHOOK_SECRET: SECRET });
const postmark = useFakePostmark();

const basic = (password: string) => `Basic ${Buffer.from(`postmark:${password}`).toString('base64')}`;
const bounceRecord = (email: string, extra: Record<string, unknown> = {}) => ({
  RecordType: 'Bounce',
  ID: 4242,
  Type: 'HardBounce',
  TypeCode: 1,
  Name: 'Hard bounce',
  MessageID: '883953f4-6105-42a2-a16a-77a8eac79483',
  Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
  Email: email,
  BouncedAt: '2026-11-25T10:28:10Z',
  Inactive: true,
  CanActivate: true,
  ...extra,
});
const webhook = (body: unknown, headers: Record<string, string> = {}, query = '') =>
  call('POST', `/api/v1/mail/postmark-webhook${query}`, {
    rawBody: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
const suppression = async (address: string) =>
  (
    await testDb.sql`select reason, source, detail, cleared_at, corrected_to, can_reactivate from email_suppressions where address = ${address}`
  )[0];
const outbox = (address: string) =>
  testDb.sql<{ subject: string; status: string; attempts: number; last_error: string | null; text_body: string }[]>`
    select subject, status, attempts, last_error, text_body from email_outbox where lower(to_address) = ${address} order by id`;

describe('permanent delivery errors', () => {
  it('a 406 (inactive recipient) fails the email at once, marks the address, and later emails to it are not sent', async () => {
    postmark.inactive.add('gone@example.com');
    await db().begin((tx) => enqueueEmail(tx, { to: 'gone@example.com', subject: 'Your receipt', text: 'Paid', tag: 'receipt' }));
    expect(await deliverDue()).toEqual({ sent: 0, failed: 1 });
    expect(await outbox('gone@example.com')).toMatchObject([{ status: 'failed', attempts: 1, last_error: expect.stringMatching(/406/) }]);
    expect(await suppression('gone@example.com')).toMatchObject({ reason: 'inactive', source: 'send', cleared_at: null });

    const before = postmark.requests.length;
    await db().begin((tx) => enqueueEmail(tx, { to: 'Gone@Example.com', subject: 'Reminder', text: 'Due', tag: 'reminder' }));
    expect(await deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(postmark.requests).toHaveLength(before);
    expect((await outbox('gone@example.com'))[1]).toMatchObject({ subject: 'Reminder', status: 'suppressed' });
  });

  it('a 300 naming the recipient marks the address invalid; a 300 about the message fails it without blaming the address', async () => {
    postmark.rejectNext.push({ ErrorCode: 300, Message: "Error parsing 'To': Illegal email address 'typo@@example.com'." });
    await db().begin((tx) => enqueueEmail(tx, { to: 'typo@example.com', subject: 'Hello', text: 'x' }));
    expect(await deliverDue()).toEqual({ sent: 0, failed: 1 });
    expect(await suppression('typo@example.com')).toMatchObject({ reason: 'invalid-address' });

    postmark.rejectNext.push({ ErrorCode: 300, Message: 'Provide either email TextBody or HtmlBody or both.' });
    await db().begin((tx) => enqueueEmail(tx, { to: 'fine@example.com', subject: 'Hello', text: 'x' }));
    expect(await deliverDue()).toEqual({ sent: 0, failed: 1 });
    expect(await outbox('fine@example.com')).toMatchObject([{ status: 'failed', attempts: 1 }]);
    expect(await suppression('fine@example.com')).toBeUndefined();
  });
});

describe("Postmark's bounce webhook", () => {
  it('refuses a call without the secret or with a wrong one (401), and counts the refusals', async () => {
    const address = 'refused@example.com';
    for (const headers of [{}, { authorization: basic('wrong-secret-wrong-secret-wrong') }] as Record<string, string>[]) {
      const answer = await webhook(bounceRecord(address), headers);
      expect(answer.status).toBe(401);
      expect(answer.body.errors).toMatch(/credentials/);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Basic/);
    }
    expect((await webhook(bounceRecord(address), {}, '?secret=nope')).status).toBe(401);
    expect(await suppression(address)).toBeUndefined();
    const [status] = await testDb.sql`select refused_in_a_row, last_refusal from webhook_status where source = 'postmark'`;
    expect(status).toMatchObject({ refused_in_a_row: 3, last_refusal: 'Wrong or missing webhook credentials' });
  });

  it('with the right secret (basic auth or in the URL) marks a hard bounce and a spam complaint; a soft bounce changes nothing', async () => {
    const hard = await webhook(bounceRecord('hard@example.com'), { authorization: basic(SECRET) });
    expect(hard.status, hard.text).toBe(200);
    expect(hard.body).toEqual({ status: 'suppressed' });
    expect(await suppression('hard@example.com')).toMatchObject({ reason: 'hard-bounce', source: 'webhook', can_reactivate: true });
    expect((await webhook(bounceRecord('hard@example.com'), { authorization: basic(SECRET) })).body).toEqual({ status: 'already' });

    const spam = {
      RecordType: 'SpamComplaint',
      Type: 'SpamComplaint',
      TypeCode: 512,
      ID: 43,
      Email: 'spam@example.com',
      Inactive: true,
      CanActivate: false,
    };
    expect((await webhook(spam, {}, `?secret=${SECRET}`)).body).toEqual({ status: 'suppressed' });
    expect(await suppression('spam@example.com')).toMatchObject({ reason: 'spam-complaint', can_reactivate: false });

    const soft = bounceRecord('soft@example.com', { Type: 'SoftBounce', TypeCode: 4096, Inactive: false });
    expect((await webhook(soft, { authorization: basic(SECRET) })).body).toEqual({ status: 'ignored' });
    expect(await suppression('soft@example.com')).toBeUndefined();
    const [status] = await testDb.sql`select refused_in_a_row from webhook_status where source = 'postmark'`;
    expect(status!.refused_in_a_row).toBe(0);
  });

  it('refuses a body that is not JSON (400) and, without a configured secret, every call (503)', async () => {
    const bad = await call('POST', '/api/v1/mail/postmark-webhook', {
      rawBody: '{nope',
      headers: { 'content-type': 'application/json', authorization: basic(SECRET) },
    });
    expect(bad.status).toBe(400);
    const saved = process.env.POSTMARK_WEBHOOK_SECRET;
    delete process.env.POSTMARK_WEBHOOK_SECRET;
    const { resetEnvForTests } = await import('../../../netlify/lib/platform/index.ts');
    resetEnvForTests();
    try {
      const closed = await webhook(bounceRecord('closed@example.com'), { authorization: basic(SECRET) });
      expect(closed.status).toBe(503);
      expect(closed.body.errors).toBe('The email webhook is not configured on this deployment');
    } finally {
      process.env.POSTMARK_WEBHOOK_SECRET = saved;
      resetEnvForTests();
    }
  });
});

describe('after a bounce', () => {
  let owner: TestAdmin;
  let counsellor: TestAdmin;

  it('the lead shows "email bounced" in the counsellor queue and on the person page; the right address resends what did not arrive', async () => {
    owner = await makeAdmin('BounceOwner', 'owner');
    counsellor = await makeAdmin('BounceCounsellor', 'counsellor');
    const email = 'asha@gmial.com';
    const lead = await call('POST', '/api/v1/user/contactus', {
      body: build.advisor({ Name: 'Asha Typo', Number: '98100 11111', email, programme: '' }),
      ip: nextIp(),
    });
    expect(lead.status, lead.text).toBe(201);
    // The confirmation went out; Postmark reports its hard bounce by its message id.
    const [confirmation] = await testDb.sql<{ subject: string; provider_message_id: string }[]>`
      select subject, provider_message_id from email_outbox where to_address = ${email} and status = 'sent'`;
    postmark.inactive.add(email);
    await webhook(bounceRecord(email, { MessageID: confirmation!.provider_message_id }), { authorization: basic(SECRET) });
    expect((await outbox(email))[0]).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/^Bounced \(Hard bounce\)/) });
    // Any email still waiting, and any new one, is held back.
    await db().begin((tx) => enqueueEmail(tx, { to: email, subject: 'Your programme brochure', text: 'Brochure', tag: 'brochure' }));
    expect((await outbox(email)).at(-1)).toMatchObject({ subject: 'Your programme brochure', status: 'suppressed' });

    const queue = await call('GET', '/api/v1/admin/queue', { token: counsellor.token });
    const item = queue.body.leads.find((l: { email: string }) => l.email === email);
    expect(item).toMatchObject({
      bucket: 'bounced',
      bounce: { reason: 'hard-bounce', detail: expect.stringMatching(/unable to deliver/) },
    });
    expect(queue.body.leads[0].email).toBe(email);

    const lookup = await call('GET', `/api/v1/admin/persons/lookup?kind=contact&id=${item.id}`, { token: counsellor.token });
    const personId = lookup.body.id as string;
    const page = await call('GET', `/api/v1/admin/persons/${personId}`, { token: counsellor.token });
    expect(page.body.person.bounces).toMatchObject([{ address: email, reason: 'hard-bounce', correctedTo: null, clearedAt: null }]);
    expect(page.body.person.timeline.map((e: { title: string }) => e.title)).toEqual(
      expect.arrayContaining([`Email bounced: ${email} (Hard bounce)`, 'Email not sent (address bounced): Your programme brochure']),
    );

    const bad = await call('POST', `/api/v1/admin/persons/${personId}/bounces`, {
      token: counsellor.token,
      body: { address: email, correctedTo: 'not an email' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.stringMatching(/^correctedTo: /)]);

    // Only the lead's counsellor (or an owner) records the right address.
    const given = await call('PUT', `/api/v1/admin/pipeline/contact/${item.id}/owner`, {
      token: owner.token,
      body: { ownerId: counsellor.id },
    });
    expect(given.status, given.text).toBe(200);
    const delivered = postmark.delivered.length;
    const fixed = await call('POST', `/api/v1/admin/persons/${personId}/bounces`, {
      token: counsellor.token,
      body: { address: email, correctedTo: 'Asha@Gmail.com' },
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.resent).toBeGreaterThanOrEqual(1);
    expect(fixed.body.person.emails).toContain('asha@gmail.com');
    expect(fixed.body.person.bounces[0]).toMatchObject({ address: email, correctedTo: 'asha@gmail.com' });
    const resent = postmark.delivered.slice(delivered).map((r) => `${r.body.To} | ${r.body.Subject}`);
    // The plain confirmation goes to the typed address; an email of another kind waits until it is proven.
    expect(resent).toEqual([`asha@gmail.com | ${confirmation!.subject}`]);
    expect(fixed.body.heldBack).toBe(1);
    // The bounce is handled: off the queue; the old address stays undeliverable.
    const after = await call('GET', '/api/v1/admin/queue', { token: counsellor.token });
    expect(after.body.leads.find((l: { email: string }) => l.email === email)?.bucket).not.toBe('bounced');
    await db().begin((tx) => enqueueEmail(tx, { to: email, subject: 'Later', text: 'x' }));
    expect((await outbox(email)).at(-1)).toMatchObject({ subject: 'Later', status: 'suppressed' });
    const [audit] = await testDb.sql`select action, subject_kind, details from admin_audit_log where action = 'email.correct'`;
    expect(JSON.stringify(audit)).not.toContain('gmail');
  });

  it('an OTP the person asks for again still goes out (Postmark is asked to reactivate), and the right code lifts the bounce', async () => {
    const email = 'retyped@example.com';
    await webhook(bounceRecord(email, { ID: 777 }), { authorization: basic(SECRET) });
    const ip = nextIp();
    expect((await call('POST', '/api/v1/otp/send', { body: { email }, ip })).status).toBe(200);
    expect(postmark.activated).toContain('777');
    const sent = postmark.delivered.at(-1)!.body;
    expect(sent.To).toBe(email);
    // Delivered through Postmark, the code left the outbox: it is read where the person reads it.
    const otp = String(sent.TextBody).match(/verification code is (\d{6})/)![1];
    const verified = await call('POST', '/api/v1/otp/verify', { body: { email, otp }, ip });
    expect(verified.status).toBe(200);
    expect(await suppression(email)).toMatchObject({ cleared_at: expect.any(Date) });
  });

  it('an owner clears a bounce (Postmark reactivates it first); a counsellor may not; a spam complaint stays', async () => {
    const email = 'cleared@example.com';
    await webhook(bounceRecord(email, { ID: 9001 }), { authorization: basic(SECRET) });
    const path = '/api/v1/admin/operations/bounces/clear';
    expect((await call('POST', path, { token: counsellor.token, body: { address: email } })).status).toBe(403);
    expect((await call('POST', path, { token: owner.token, body: { address: 'x' } })).status).toBe(400);
    expect((await call('POST', path, { token: owner.token, body: { address: 'nobody@example.com' } })).status).toBe(404);
    const spam = await call('POST', path, { token: owner.token, body: { address: 'spam@example.com' } });
    expect(spam.status).toBe(409);
    const cleared = await call('POST', path, { token: owner.token, body: { address: email } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(postmark.activated).toContain('9001');
    await db().begin((tx) => enqueueEmail(tx, { to: email, subject: 'Welcome back', text: 'x' }));
    expect(await deliverDue()).toMatchObject({ sent: 1 });
    expect(await count(testDb, `admin_audit_log where action = 'email.clear' and subject_id = 'c***@example.com'`)).toBe(1);
  });
});
