/**
 * Forgot password -> single-use link (30 minutes, hash at rest) -> new password: every other
 * session ends, a "password changed" email, the same answer for unknown emails, throttles.
 */
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../../netlify/lib/auth/index.ts';
import { call, confirmEmail, emailedToken, signupVerifiedLearner, useTestDatabase } from '../support/harness.ts';

const INVITE = 'invite-for-recovery-tests';
const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });

let ipCounter = 1;
const freshIp = () => `198.51.100.${ipCounter++}`;
const NEW_PASSWORD = 'violet river lantern';

const forgot = (email: string, role: 'user' | 'admin' = 'user', ip = freshIp()) =>
  call('POST', `/api/v1/${role}/forgot-password`, { body: { email }, ip });
const reset = (token: string, password = NEW_PASSWORD, role: 'user' | 'admin' = 'user') =>
  call('POST', `/api/v1/${role}/reset-password`, { body: { token, password }, ip: freshIp() });
const logIn = (email: string, password: string, role: 'user' | 'admin' = 'user') =>
  call('POST', `/api/v1/${role}/login`, { body: { email, password }, ip: freshIp() });
const tags = async (email: string) =>
  (await db.sql<{ tag: string }[]>`select tag from email_outbox where to_address = ${email} order by id`).map((r) => r.tag);

describe('POST /api/v1/user/forgot-password', () => {
  it('answers the same for a known and an unknown email; only the known one gets a secret link', async () => {
    const learner = await signupVerifiedLearner({ email: 'known@example.com' });
    const known = await forgot(learner.email);
    const unknown = await forgot('nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toMatch(/^If an account uses that email address, we sent it a link/);
    expect(await tags('nobody@example.com')).toEqual([]);
    const [email] =
      await db.sql`select secret, text_body from email_outbox where to_address = 'known@example.com' and tag = 'reset-password'`;
    expect(email!.secret).toBe(true);
    expect(email!.text_body).toMatch(/\/reset-password\?token=[\w-]{43}/);
    // A learner's address on the admin form is an unknown admin: same answer, no email.
    expect((await forgot(learner.email, 'admin')).body).toEqual(known.body);
    expect(await tags('known@example.com')).toEqual(['verify-email', 'reset-password']);
  });

  it('keeps only the hash of the token, which expires in 30 minutes', async () => {
    const learner = await signupVerifiedLearner();
    await forgot(learner.email);
    const token = (await emailedToken(learner.email, 'reset-password'))!;
    const [row] = await db.sql`select token_hash, extract(epoch from expires_at - created_at)::int as ttl
      from account_tokens where account_id = ${learner.id} and purpose = 'reset-password'`;
    expect(row).toEqual({ token_hash: hashToken(token), ttl: 30 * 60 });
  });

  it('is throttled per address (3 an hour, known or not: the 429 tells nothing) and per client address', async () => {
    const learner = await signupVerifiedLearner();
    const statuses = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 4; i++) {
      statuses.known.push((await forgot(learner.email)).status);
      statuses.unknown.push((await forgot('ghost@example.com')).status);
    }
    expect(statuses.known).toEqual([200, 200, 200, 429]);
    expect(statuses.unknown).toEqual(statuses.known);
    expect((await tags(learner.email)).filter((t) => t === 'reset-password')).toHaveLength(3);

    const ip = freshIp();
    const fromOne = [];
    for (let i = 0; i < 11; i++) fromOne.push((await forgot(`someone${i}@example.com`, 'user', ip)).status);
    expect(fromOne.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(fromOne[10]).toBe(429);
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const res = await call('POST', '/api/v1/user/forgot-password', { body: { email: 'not-an-email', extra: 1 }, ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining(['email: Enter a valid email address', 'Unknown field: extra']));
  });
});

describe('POST /api/v1/user/reset-password', () => {
  it('sets the new password, ends every other session, emails the owner, and the link works once', async () => {
    const learner = await signupVerifiedLearner({ firstName: 'Kavya', lastName: 'Menon' });
    const otherDevice = (await logIn(learner.email, learner.password)).body.token;
    expect((await call('GET', '/api/v1/user/me', { token: otherDevice })).status).toBe(200);
    await forgot(learner.email);
    const token = (await emailedToken(learner.email, 'reset-password'))!;

    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/password was changed and every device was logged out/);
    for (const old of [learner.token, otherDevice]) {
      const me = await call('GET', '/api/v1/user/me', { token: old });
      expect(me.status).toBe(401);
      expect(me.body.errors).toBe('Your session has expired. Please log in again.');
    }
    expect((await logIn(learner.email, learner.password)).status).toBe(401);
    expect((await logIn(learner.email, NEW_PASSWORD)).status).toBe(200);
    const [changed] =
      await db.sql`select secret, text_body from email_outbox where to_address = ${learner.email} and tag = 'password-changed'`;
    expect(changed).toMatchObject({ secret: false });
    expect(changed!.text_body).toContain('was just changed');

    const again = await reset(token, 'another fine passphrase');
    expect(again.status).toBe(400);
    expect(again.body.errors).toBe('This password reset link has expired or was already used. Please ask for a new one.');
    expect((await logIn(learner.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('an expired link is refused and changes nothing', async () => {
    const learner = await signupVerifiedLearner();
    await forgot(learner.email);
    const token = (await emailedToken(learner.email, 'reset-password'))!;
    await db.sql`update account_tokens set expires_at = now() - interval '1 second' where token_hash = ${hashToken(token)}`;
    const res = await reset(token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatch(/expired or was already used/);
    expect((await logIn(learner.email, learner.password)).status).toBe(200);
  });

  it('a new link retires older ones once used; unknown, malformed and other-role tokens are refused', async () => {
    const learner = await signupVerifiedLearner();
    await forgot(learner.email);
    const older = (await emailedToken(learner.email, 'reset-password'))!;
    await forgot(learner.email);
    const newer = (await emailedToken(learner.email, 'reset-password'))!;
    expect(newer).not.toBe(older);
    expect((await reset(newer, 'admin', 'admin')).status).toBe(400);
    expect((await reset(newer)).status).toBe(200);
    expect((await reset(older, 'yet another passphrase')).status).toBe(400);
    expect((await reset('B'.repeat(43))).status).toBe(400);
    expect((await reset('x')).body.errors).toEqual(['token: This link is incomplete: open it from the email again']);
  });

  it('applies the signup rules to the new password, saying why, and the link stays usable', async () => {
    const learner = await signupVerifiedLearner({ firstName: 'Devika', lastName: 'Nair', email: 'moonwalk42@example.com' });
    await forgot(learner.email);
    const token = (await emailedToken(learner.email, 'reset-password'))!;
    for (const password of ['password1', 'Password123', 'qwerty123']) {
      const res = await reset(token, password);
      expect(res.status, password).toBe(400);
      expect(JSON.stringify(res.body.errors), password).toMatch(/(used password|guess)\b.*\. Choose another/i);
    }
    expect((await reset(token, 'devika sings daily')).body.errors).toEqual(['password: Password must not contain your name']);
    expect((await reset(token, 'moonwalk42 at dusk')).body.errors).toEqual(['password: Password must not contain your email address']);
    expect((await reset(token, 'short')).body.errors).toEqual(['password: Password must be at least 8 characters']);
    expect((await reset(token)).status).toBe(200);
  });

  it('a reset link also confirms an unconfirmed email (it proves the inbox)', async () => {
    const email = 'unconfirmed@example.com';
    expect(
      (
        await call('POST', '/api/v1/user/signup', {
          body: { firstName: 'Uma', lastName: 'Das', email, password: 'learn2grow!' },
          ip: freshIp(),
        })
      ).status,
    ).toBe(201);
    await forgot(email);
    expect((await reset((await emailedToken(email, 'reset-password'))!)).status).toBe(200);
    const [row] = await db.sql`select email_verified_at is not null as verified from accounts where email = ${email}`;
    expect(row).toEqual({ verified: true });
  });
});

describe('admins reset their password the same way', () => {
  it('forgot -> link to /admin/reset-password -> new password; the old admin session ends', async () => {
    const admin = {
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi@aspira.example',
      password: 'harbour lamp seven',
      inviteCode: INVITE,
    };
    expect((await call('POST', '/api/v1/admin/signup', { body: admin, ip: freshIp() })).status).toBe(201);
    await confirmEmail(admin.email, 'admin');
    const session = (await logIn(admin.email, admin.password, 'admin')).body.token;
    expect((await call('GET', '/api/v1/admin/leads', { token: session })).status).toBe(200);

    const unknown = await forgot('nobody@aspira.example', 'admin');
    const known = await forgot(admin.email, 'admin');
    expect(known.body).toEqual(unknown.body);
    const [email] = await db.sql`select text_body from email_outbox where to_address = ${admin.email} and tag = 'reset-password'`;
    expect(email!.text_body).toMatch(/\/admin\/reset-password\?token=/);
    const token = (await emailedToken(admin.email, 'reset-password'))!;
    expect((await reset(token, NEW_PASSWORD, 'user')).status).toBe(400);
    expect((await reset(token, NEW_PASSWORD, 'admin')).status).toBe(200);
    expect((await call('GET', '/api/v1/admin/leads', { token: session })).status).toBe(401);
    expect((await logIn(admin.email, NEW_PASSWORD, 'admin')).status).toBe(200);
    expect(await tags(admin.email)).toEqual(['verify-email', 'reset-password', 'password-changed']);
  });
});

describe('POST /api/v1/user/password (settings)', () => {
  it('emails "your password was changed" too', async () => {
    const learner = await signupVerifiedLearner();
    const res = await call('POST', '/api/v1/user/password', {
      token: learner.token,
      body: { currentPassword: learner.password, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(await tags(learner.email)).toContain('password-changed');
  });

  it('kills a reset link asked for before the change: it can no longer set the password', async () => {
    const learner = await signupVerifiedLearner();
    expect((await forgot(learner.email)).status).toBe(200);
    const token = (await emailedToken(learner.email, 'reset-password'))!;
    const change = await call('POST', '/api/v1/user/password', {
      token: learner.token,
      body: { currentPassword: learner.password, newPassword: NEW_PASSWORD },
    });
    expect(change.status).toBe(200);
    const late = await reset(token, 'amber forest cadence');
    expect(late.status).toBe(400);
    expect(late.body.errors).toBe('This password reset link has expired or was already used. Please ask for a new one.');
    expect((await logIn(learner.email, NEW_PASSWORD)).status).toBe(200);
    expect((await logIn(learner.email, 'amber forest cadence')).status).toBe(401);
  });
});
