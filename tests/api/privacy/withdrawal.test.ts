/**
 * Withdrawal as easy as giving (DPDP Act s.6(4)): the signed "Your choices" link in every email
 * shows and withdraws consents without a login; it takes effect at once (queued messages
 * cancelled) and is recorded; a forged or expired link changes nothing. Marketing is never written
 * for a child or after withdrawal, and carries List-Unsubscribe with one-click POST (RFC 8058).
 */
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { MailTransport } from '../../../netlify/lib/mail/index.ts';
import { deliverDue, enqueueEmail } from '../../../netlify/lib/outbox/index.ts';
import { db, mayMarketTo, recordConsent } from '../../../netlify/lib/platform/index.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/consent.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { newEmail, nextIp } from '../registrations/kit.ts';
import { build } from '../../support/factories.ts';

const testDb = useTestDatabase();

/** A contact enquiry through the real form; answers the "Your choices" token from its confirmation email. */
async function enquire(email: string): Promise<string> {
  const body = build.contact({ Name: '', Number: '9810042424', email, comments: 'Which course suits me?' });
  const answer = await call('POST', '/api/v1/user/contactus', { body, ip: nextIp() });
  expect(answer.status, answer.text).toBe(201);
  const [mail] = await testDb.sql<{ text_body: string }[]>`
    select text_body from email_outbox where to_address = ${email} and tag = 'contact-confirmation'`;
  const token = mail?.text_body.match(/\/choices\?t=([\w.%-]+)/)?.[1];
  expect(token).toBeTruthy();
  return decodeURIComponent(token!);
}

/** Pending outbox rows written outside a request (nothing delivers them): a marketing email, a confirmation, a receipt. */
async function queue(email: string) {
  return db().begin(async (tx) => ({
    marketing: await enqueueEmail(tx, { to: email, subject: 'New batch', text: 'Join us', tag: 'offer', marketing: true }),
    confirmation: await enqueueEmail(tx, { to: email, subject: 'Thanks', text: 'We got it', tag: 'contact-confirmation' }),
    receipt: await enqueueEmail(tx, { to: email, subject: 'Your receipt', text: 'Paid', tag: 'registration-receipt' }),
  }));
}

const statusOf = async (id: string | null) =>
  (await testDb.sql<{ status: string }[]>`select status from email_outbox where id = ${id}`)[0]?.status;
const consents = (email: string) =>
  testDb.sql<
    { purpose: string; withdrawn_via: string | null }[]
  >`select purpose, withdrawn_via from consents where email = ${email} order by id`;

describe('"Your choices" by the signed link, no login', () => {
  it('lists each consent with its purpose, date and notice version', async () => {
    const email = newEmail('choices');
    const token = await enquire(email);
    const answer = await call('POST', '/api/v1/choices', { body: { token }, ip: nextIp() });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.email).toBe(email);
    expect(answer.body.consents).toEqual([
      { purpose: 'contact', givenAt: expect.any(String), noticeVersion: PRIVACY_NOTICE_VERSION, language: 'en', withdrawnAt: null },
    ]);
  });

  it('withdraws at once: the consent is marked with when and how, queued marketing and confirmations are cancelled, receipts stay', async () => {
    const email = newEmail('withdraw');
    const token = await enquire(email);
    const ids = await queue(email);
    expect(await statusOf(ids.marketing)).toBe('pending');
    const answer = await call('POST', '/api/v1/choices/withdraw', { body: { token, purpose: 'contact' }, ip: nextIp() });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.withdrawn).toBe(1);
    expect(answer.body.consents[0].withdrawnAt).toEqual(expect.any(String));
    expect(await consents(email)).toEqual([{ purpose: 'contact', withdrawn_via: 'choices-link' }]);
    expect(await statusOf(ids.marketing)).toBe('cancelled');
    expect(await statusOf(ids.confirmation)).toBe('cancelled');
    expect(await statusOf(ids.receipt)).toBe('pending');
    // Marketing stops: with no consent left, none is written.
    expect(await db().begin((tx) => enqueueEmail(tx, { to: email, subject: 'x', text: 'y', tag: 'offer', marketing: true }))).toBeNull();
  });

  it('a forged, expired or wrong-kind link changes nothing', async () => {
    const email = newEmail('forged');
    const token = await enquire(email);
    const ids = await queue(email);
    const [head, , sig] = token.split('.');
    const other = Buffer.from(JSON.stringify({ sub: email, aud: 'aspira-choices', exp: 9999999999 })).toString('base64url');
    const secret = new TextEncoder().encode(process.env['JWT_SECRET'] ?? 'local-development-secret-not-for-production-use');
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(email)
      .setAudience('aspira-choices')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const session = await new SignJWT({ role: 'user' }).setProtectedHeader({ alg: 'HS256' }).setSubject(email).sign(secret);
    for (const bad of [`${head}.${other}.${sig}`, expired, session]) {
      const list = await call('POST', '/api/v1/choices', { body: { token: bad }, ip: nextIp() });
      expect(list.status).toBe(401);
      const withdraw = await call('POST', '/api/v1/choices/withdraw', { body: { token: bad }, ip: nextIp() });
      expect(withdraw.status).toBe(401);
      const oneClick = await call('POST', `/api/v1/choices/unsubscribe?t=${encodeURIComponent(bad)}`, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        ip: nextIp(),
      });
      expect(oneClick.status).toBe(401);
    }
    const bad = await call('POST', '/api/v1/choices/withdraw', { body: { token, purpose: 'newsletter' }, ip: nextIp() });
    expect(bad.status).toBe(400);
    expect(await consents(email)).toEqual([{ purpose: 'contact', withdrawn_via: null }]);
    expect(await statusOf(ids.marketing)).toBe('pending');
  });

  it('one-click unsubscribe (RFC 8058) withdraws every consent; without its body it changes nothing', async () => {
    const email = newEmail('oneclick');
    const token = await enquire(email);
    const path = `/api/v1/choices/unsubscribe?t=${encodeURIComponent(token)}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await call('POST', path, { rawBody: '', headers: form, ip: nextIp() })).status).toBe(400);
    expect(await consents(email)).toEqual([{ purpose: 'contact', withdrawn_via: null }]);
    const answer = await call('POST', path, { rawBody: 'List-Unsubscribe=One-Click', headers: form, ip: nextIp() });
    expect(answer.status, answer.text).toBe(200);
    expect(await consents(email)).toEqual([{ purpose: 'contact', withdrawn_via: 'list-unsubscribe' }]);
  });
});

describe('the footer', () => {
  it('names the address the email goes to, once, even when the email is written again to a corrected address', async () => {
    const old = newEmail('typo');
    const right = newEmail('right');
    const first = await db().begin((tx) => enqueueEmail(tx, { to: old, subject: 'Hi', text: 'Body', html: '<p>Body</p>', tag: 'receipt' }));
    const [row] = await testDb.sql<
      { text_body: string; html_body: string }[]
    >`select text_body, html_body from email_outbox where id = ${first}`;
    const again = await db().begin((tx) =>
      enqueueEmail(tx, { to: right, subject: 'Hi', text: row!.text_body, html: row!.html_body, tag: 'receipt' }),
    );
    const [copy] = await testDb.sql<
      { text_body: string; html_body: string }[]
    >`select text_body, html_body from email_outbox where id = ${again}`;
    for (const body of [copy!.text_body, copy!.html_body]) {
      const tokens = [...body.matchAll(/\/choices\?t=([\w.-]+)/g)].map((m) => m[1]!);
      expect(tokens).toHaveLength(1);
      const { choicesEmail } = await import('../../../netlify/lib/privacy/index.ts');
      expect(await choicesEmail(tokens[0]!)).toBe(right);
    }
  });
});

describe('marketing', () => {
  it('is never written for a child, and goes to an adult with List-Unsubscribe and one-click POST', async () => {
    const child = newEmail('minor');
    const adult = newEmail('adult');
    await db().begin(async (tx) => {
      await recordConsent(tx, { email: child, purpose: 'registration', subjectTable: 'registrations', subjectId: 'x1', minor: true });
      await recordConsent(tx, { email: adult, purpose: 'registration', subjectTable: 'registrations', subjectId: 'x2' });
    });
    expect(await mayMarketTo(db(), child)).toBe(false);
    expect(await mayMarketTo(db(), adult)).toBe(true);
    const offer = { subject: 'New batch', text: 'Join us', tag: 'offer', marketing: true };
    expect(await db().begin((tx) => enqueueEmail(tx, { to: child, ...offer }))).toBeNull();
    expect(await testDb.sql`select 1 from email_outbox where to_address = ${child}`).toHaveLength(0);

    const id = await db().begin((tx) => enqueueEmail(tx, { to: adult, ...offer }));
    const receiptId = await db().begin((tx) => enqueueEmail(tx, { to: adult, subject: 'Receipt', text: 'Paid', tag: 'receipt' }));
    const sent: { tag?: string; headers?: Record<string, string> }[] = [];
    const via: MailTransport = { name: 'capture', send: async (message) => (sent.push(message), 'msg') };
    await deliverDue({ ids: [id!, receiptId!], via });
    const marketing = sent.find((m) => m.tag === 'offer')!;
    expect(marketing.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/\S+\/api\/v1\/choices\/unsubscribe\?t=[\w.%-]+>$/);
    expect(marketing.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(sent.find((m) => m.tag === 'receipt')!.headers).toBeUndefined();

    // The header's own address works (the mail provider's POST).
    const url = new URL(marketing.headers!['List-Unsubscribe']!.slice(1, -1));
    const answer = await call('POST', `${url.pathname}${url.search}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip: nextIp(),
    });
    expect(answer.status, answer.text).toBe(200);
    expect(await mayMarketTo(db(), adult)).toBe(false);
  });
});
