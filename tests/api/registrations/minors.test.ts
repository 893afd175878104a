/**
 * A child's registration (DPDP Act s.9, Rules r.10): held until a parent confirms by the emailed
 * link, erased on refusal, no campaign trail stored, no fee before consent, no marketing queued.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestDatabase } from '../support/harness.ts';
import { bornYearsAgo, newEmail, nextIp, openFeeOrder, registrationForm, verifiedToken } from './kit.ts';

const db = useTestDatabase();

const TOUCHES = {
  utm_source: 'instagram',
  utm_campaign: 'diwali',
  referrer: 'https://www.instagram.com/aspira',
  first_utm_source: 'google',
};

async function registerChild(email = newEmail('child'), parentEmail = newEmail('parent')) {
  const verificationToken = await verifiedToken(db, email);
  const answer = await call('POST', '/api/v1/user/register-unpaid', {
    body: {
      ...registrationForm(email),
      dateOfBirth: bornYearsAgo(16),
      parentName: 'Meera Verma',
      parentEmail,
      parentPhone: '+91 98100 11111',
      noticeLanguage: 'hi',
      verificationToken,
      ...TOUCHES,
    },
    ip: nextIp(),
  });
  expect(answer.status, answer.text).toBe(201);
  return {
    email,
    parentEmail,
    registrationToken: answer.body.registrationToken as string,
    id: answer.body.registration._id as string,
    answer,
  };
}

/** The link in the newest email to the parent. */
async function parentLinkToken(parentEmail: string): Promise<string> {
  const [row] = await db.sql<{ text_body: string }[]>`
    select text_body from email_outbox where to_address = ${parentEmail} and tag = 'parent-consent' order by id desc limit 1`;
  const token = row?.text_body.match(/\/parent-consent\?t=([A-Za-z0-9_%-]+)/)?.[1];
  if (!token) throw new Error(`no parent email for ${parentEmail}`);
  return decodeURIComponent(token);
}

const status = (registrationToken: string) =>
  call('POST', '/api/v1/user/registration-status', { body: { registrationToken }, ip: nextIp() });
const decide = (token: string, decision: string) =>
  call('POST', '/api/v1/parent-consent/decide', { body: { token, decision }, ip: nextIp() });

describe("a child's registration", () => {
  it('is held awaiting the parent: the parent is emailed, no fee order opens, no campaign trail is kept', async () => {
    const child = await registerChild();
    expect(child.answer.body.parentConsent).toBe('awaiting');
    const [reg] = await db.sql<{ date_of_birth: string }[]>`select date_of_birth::text from registrations where id = ${child.id}`;
    expect(reg!.date_of_birth).toBe(bornYearsAgo(16));
    const touches = await db.sql`select 1 from lead_touches where lead_kind = 'registration' and lead_id = ${child.id}`;
    expect(touches).toHaveLength(0);
    const [consent] = await db.sql<
      { minor: boolean; language: string }[]
    >`select minor, language from consents where email = ${child.email}`;
    expect(consent).toEqual({ minor: true, language: 'hi' });
    expect(await parentLinkToken(child.parentEmail)).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const order = await call('POST', '/api/v1/payment/create-order', {
      body: { registrationToken: child.registrationToken, feeOption: 'hybrid', state: '06' },
      ip: nextIp(),
    });
    expect(order.status).toBe(403);
    expect(order.body.errors).toMatch(/parent/);
    expect(await db.sql`select 1 from registration_payments where registration_id = ${child.id}`).toHaveLength(0);
    expect((await status(child.registrationToken)).body).toEqual({ parentConsent: 'awaiting' });
  });

  it("an adult's registration keeps its campaign trail and needs no parent", async () => {
    const email = newEmail();
    const verificationToken = await verifiedToken(db, email);
    const answer = await call('POST', '/api/v1/user/register-unpaid', {
      body: { ...registrationForm(email), verificationToken, ...TOUCHES },
      ip: nextIp(),
    });
    expect(answer.body.parentConsent).toBe('not-needed');
    expect(
      await db.sql`select 1 from lead_touches where lead_kind = 'registration' and lead_id = ${answer.body.registration._id}`,
    ).toHaveLength(2);
  });

  it('continues once the parent confirms: who, when and which link are recorded, and the fee order opens', async () => {
    const child = await registerChild();
    const token = await parentLinkToken(child.parentEmail);
    const view = await call('POST', '/api/v1/parent-consent/view', { body: { token }, ip: nextIp() });
    expect(view.body).toEqual({ childName: 'Asha Verma', parentName: 'Meera Verma', status: 'awaiting', language: 'hi' });
    const answer = await decide(token, 'given');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.status).toBe('given');
    const [row] = await db.sql<{ status: string; decided_by_email: string; decided_link: string; decided_at: Date }[]>`
      select status, decided_by_email, decided_link, decided_at from parental_consents where subject_id = ${child.id}`;
    expect(row!.status).toBe('given');
    expect(row!.decided_by_email).toBe(child.parentEmail);
    expect(row!.decided_link).toMatch(/^[0-9a-f]{16}$/);
    expect(row!.decided_at).toBeInstanceOf(Date);
    expect((await status(child.registrationToken)).body).toEqual({ parentConsent: 'given' });
    expect((await openFeeOrder(child.registrationToken)).orderId).toMatch(/^order_/);
    // A second click changes nothing.
    expect((await decide(token, 'refused')).body.status).toBe('given');
    expect(await db.sql`select 1 from registrations where id = ${child.id}`).toHaveLength(1);
  });

  it("a refusal erases the child's data and logs who asked", async () => {
    const child = await registerChild();
    const answer = await decide(await parentLinkToken(child.parentEmail), 'refused');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.status).toBe('refused');
    expect(await db.sql`select 1 from registrations where id = ${child.id}`).toHaveLength(0);
    expect(await db.sql`select 1 from consents where email = ${child.email}`).toHaveLength(0);
    expect(await db.sql`select 1 from parental_consents where child_email = ${child.email}`).toHaveLength(0);
    expect(await db.sql`select 1 from email_outbox where to_address = ${child.email}`).toHaveLength(0);
    const [log] = await db.sql<{ requested_by: string }[]>`select requested_by from privacy_requests order by id desc limit 1`;
    expect(log!.requested_by).toBe('parent');
    expect((await status(child.registrationToken)).status).toBe(401);
  });

  it('a parent who refused and opens the link again is told so, in their language, and nothing changes', async () => {
    const child = await registerChild();
    const token = await parentLinkToken(child.parentEmail);
    expect((await decide(token, 'refused')).body).toMatchObject({ status: 'refused', earlier: false });
    const view = await call('POST', '/api/v1/parent-consent/view', { body: { token }, ip: nextIp() });
    expect(view.status, view.text).toBe(200);
    // Nothing about the child is left to show: only the decision and the language.
    expect(view.body).toEqual({ childName: '', parentName: '', status: 'refused', language: 'hi' });
    for (const decision of ['refused', 'given']) {
      const again = await decide(token, decision);
      expect(again.status, again.text).toBe(200);
      expect(again.body).toEqual({ status: 'refused', earlier: true, message: 'You have already refused consent.' });
    }
    expect(await db.sql`select 1 from parental_consents where child_email = ${child.email}`).toHaveLength(0);
    // What stays holds nothing about anyone: the link's hash, the language, the day.
    const kept = await db.sql`select * from parental_refused_links`;
    expect(Object.keys(kept[0]!).sort()).toEqual(['language', 'refused_at', 'token_hash']);
  });

  it("the parent's email is in the language the child read the notice in, with the other language after", async () => {
    const child = await registerChild();
    const [mail] = await db.sql<{ subject: string; text_body: string }[]>`
      select subject, text_body from email_outbox where to_address = ${child.parentEmail} and tag = 'parent-consent'`;
    expect(mail!.subject).toBe('Aspira में आपके बच्चे के आवेदन के लिए आपकी सहमति चाहिए');
    expect(mail!.text_body).toMatch(/^नमस्ते Meera Verma,/);
    expect(mail!.text_body).toContain('Asha Verma ने Aspira में एक प्रोग्राम के लिए आवेदन करते समय');
    expect(mail!.text_body).toContain('सहमति दें या मना करें');
    expect(mail!.text_body).toContain('we need your consent before we use their details');
  });

  it('a forged or expired link changes nothing', async () => {
    const child = await registerChild();
    expect((await decide('A'.repeat(43), 'refused')).status).toBe(404);
    const token = await parentLinkToken(child.parentEmail);
    await db.sql`update parental_consents set expires_at = now() - interval '1 minute' where subject_id = ${child.id}`;
    expect((await decide(token, 'refused')).status).toBe(410);
    expect((await decide(token, 'given')).status).toBe(410);
    const [row] = await db.sql<{ status: string }[]>`select status from parental_consents where subject_id = ${child.id}`;
    expect(row!.status).toBe('awaiting');
    expect(await db.sql`select 1 from registrations where id = ${child.id}`).toHaveLength(1);
  });

  it('refuses a child without a parent, a parent email that is the child’s own, and anyone under 14: nothing written', async () => {
    const email = newEmail('child');
    const verificationToken = await verifiedToken(db, email);
    const send = (extra: Record<string, unknown>) =>
      call('POST', '/api/v1/user/register-unpaid', { body: { ...registrationForm(email), verificationToken, ...extra }, ip: nextIp() });
    const none = await send({ dateOfBirth: bornYearsAgo(16) });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^parentName: /),
        expect.stringMatching(/^parentEmail: /),
        expect.stringMatching(/^parentPhone: /),
      ]),
    );
    const own = await send({ dateOfBirth: bornYearsAgo(16), parentName: 'M', parentEmail: email, parentPhone: '9810011111' });
    expect(own.body.errors).toEqual([expect.stringMatching(/^parentEmail: .*own email/)]);
    const young = await send({ dateOfBirth: bornYearsAgo(12) });
    expect(young.body.errors).toEqual([expect.stringMatching(/^dateOfBirth: You must be at least 14/)]);
    const missing = await send({ dateOfBirth: '' });
    expect(missing.body.errors).toEqual([expect.stringMatching(/^dateOfBirth: /)]);
    expect(await db.sql`select 1 from registrations where email = ${email}`).toHaveLength(0);
    expect(await db.sql`select 1 from parental_consents where child_email = ${email}`).toHaveLength(0);
  });
});
