/**
 * Signup answers the same for a new and a taken email; a new account confirms its address from a
 * single-use link (24 h) before it can buy; resend is throttled; admins confirm before logging in.
 */
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../../netlify/lib/auth/index.ts';
import { call, emailedToken, useTestDatabase } from '../support/harness.ts';

const INVITE = 'invite-for-verification-tests';
const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });
const DM = '6801c2a4f1e2b3c4d5e6fd57';
const PASSWORD = 'learn2grow!';

let ipCounter = 1;
const freshIp = () => `198.51.100.${ipCounter++}`;

function signUp(email: string, extra: Record<string, unknown> = {}, ip = freshIp()) {
  return call('POST', '/api/v1/user/signup', { body: { firstName: 'Asha', lastName: 'Rao', email, password: PASSWORD, ...extra }, ip });
}
async function logIn(email: string, role: 'user' | 'admin' = 'user', password = PASSWORD) {
  return call('POST', `/api/v1/${role}/login`, { body: { email, password }, ip: freshIp() });
}
const verify = (token: string, role: 'user' | 'admin' = 'user') =>
  call('POST', `/api/v1/${role}/verify-email`, { body: { token }, ip: freshIp() });
const outbox = (email: string) =>
  db.sql<{ tag: string; secret: boolean; text_body: string }[]>`
    select tag, secret, text_body from email_outbox where to_address = ${email} order by id`;
const verifiedAt = async (email: string) =>
  (await db.sql`select email_verified_at from accounts where email = ${email}`)[0]!.email_verified_at;

describe('signup answers the same whether or not the email has an account', () => {
  it('same status and body; the new address gets a link, the owner of a taken one a warning without a secret', async () => {
    const first = await signUp('same@example.com');
    const again = await signUp('same@example.com', { firstName: 'Other', password: 'another-long-pass' });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(first.status).toBe(201);
    expect(await db.sql`select first_name from accounts where email = 'same@example.com'`).toEqual([{ first_name: 'Asha' }]);

    const [link, warning, ...rest] = await outbox('same@example.com');
    expect(rest).toEqual([]);
    expect(link).toMatchObject({ tag: 'verify-email', secret: true });
    expect(link!.text_body).toMatch(/\/verify-email\?token=[\w-]{43}/);
    expect(warning).toMatchObject({ tag: 'signup-attempt', secret: false });
    expect(warning!.text_body).toContain('Someone tried to create a new Aspira account with this email address');
    expect(warning!.text_body).toContain('/forgot-password?email=same%40example.com');
    expect(warning!.text_body).not.toMatch(/token=/);
  });

  it('takes about as long for a taken email as for a new one (the password is hashed either way)', async () => {
    const times = { fresh: [] as number[], taken: [] as number[] };
    // Seven of each, interleaved, each taken email its own account: a median that one slow answer cannot move.
    const samples = 7;
    for (let i = 0; i < samples; i++) await signUp(`taken${i}@example.com`, {}, freshIp());
    for (let i = 0; i < samples; i++) {
      times.fresh.push((await signUp(`timing${i}@example.com`, {}, freshIp())).answeredMs);
      times.taken.push((await signUp(`taken${i}@example.com`, {}, freshIp())).answeredMs);
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = median(times.taken) / median(times.fresh);
    expect(ratio, JSON.stringify(times)).toBeGreaterThan(0.5);
    expect(ratio, JSON.stringify(times)).toBeLessThan(2);
  });

  it('a weak password is refused the same way for a taken email, and nothing is sent', async () => {
    await signUp('weak-taken@example.com');
    const taken = await signUp('weak-taken@example.com', { password: 'Password123' });
    const fresh = await signUp('weak-fresh@example.com', { password: 'Password123' });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual(fresh.body);
    expect((await outbox('weak-taken@example.com')).map((e) => e.tag)).toEqual(['verify-email']);
  });

  it('the warning to a taken address is capped per day like every email to a typed address', async () => {
    await signUp('flooded@example.com');
    for (let i = 0; i < 4; i++) expect((await signUp('flooded@example.com')).status).toBe(201);
    // verify-email + two warnings: three emails a day to one typed address, then silence.
    expect((await outbox('flooded@example.com')).map((e) => e.tag)).toEqual(['verify-email', 'signup-attempt', 'signup-attempt']);
  });
});

describe('confirming the email address', () => {
  it('an unconfirmed learner can log in and read /user/me but cannot buy (403) until the link is opened', async () => {
    await signUp('buyer@example.com');
    const login = await logIn('buyer@example.com');
    expect(login.status).toBe(200);
    expect(login.body.user.emailVerified).toBe(false);
    const me = await call('GET', '/api/v1/user/me', { token: login.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'buyer@example.com', emailVerified: false });
    const buy = await call('POST', `/api/v1/course/buy/${DM}`, { token: login.body.token });
    expect(buy.status).toBe(403);
    expect(buy.body.errors).toMatch(/confirm your email address first/);
    const order = await call('POST', '/api/v1/order', {
      token: login.body.token,
      body: { courseId: DM, razorpay_order_id: 'order_X', razorpay_payment_id: 'pay_X', razorpay_signature: 'a'.repeat(64) },
    });
    expect(order.status).toBe(403);
    expect(await db.sql`select 1 from course_orders o join accounts a on a.id = o.account_id where a.email = 'buyer@example.com'`).toEqual(
      [],
    );

    const token = (await emailedToken('buyer@example.com', 'verify-email'))!;
    const confirmed = await verify(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: 'Thank you: your email address is confirmed.', alreadyConfirmed: false });
    // The same session passes the guard now (the order's own rules decide the rest).
    const bought = await call('POST', `/api/v1/course/buy/${DM}`, { token: login.body.token });
    expect(bought.status, bought.text).not.toBe(403);
    expect(bought.text).not.toMatch(/confirm your email/);
    expect((await call('GET', '/api/v1/user/me', { token: login.body.token })).body.user.emailVerified).toBe(true);
  });

  it('keeps only the hash of the token, which expires in 24 hours', async () => {
    await signUp('hashed@example.com');
    const token = (await emailedToken('hashed@example.com', 'verify-email'))!;
    const rows = await db.sql`select t.token_hash, extract(epoch from t.expires_at - t.created_at)::int as ttl
      from account_tokens t join accounts a on a.id = t.account_id where a.email = 'hashed@example.com'`;
    expect(rows).toEqual([{ token_hash: hashToken(token), ttl: 24 * 3600 }]);
    expect(JSON.stringify(await db.sql`select * from account_tokens`)).not.toContain(token);
  });

  it('a used link confirms nothing twice; an expired, unknown or malformed one is refused', async () => {
    await signUp('twice@example.com');
    const token = (await emailedToken('twice@example.com', 'verify-email'))!;
    expect((await verify(token)).status).toBe(200);
    const stamped = await verifiedAt('twice@example.com');
    const reuse = await verify(token);
    expect(reuse.status).toBe(200);
    expect(reuse.body).toEqual({ message: 'Your email address is already confirmed.', alreadyConfirmed: true });
    expect(await verifiedAt('twice@example.com')).toEqual(stamped);

    await signUp('late@example.com');
    const late = (await emailedToken('late@example.com', 'verify-email'))!;
    await db.sql`update account_tokens set expires_at = now() - interval '1 second' where token_hash = ${hashToken(late)}`;
    const expired = await verify(late);
    expect(expired.status).toBe(400);
    expect(expired.body.errors).toMatch(/expired or is not valid/);
    expect(await verifiedAt('late@example.com')).toBeNull();

    expect((await verify('A'.repeat(43))).status).toBe(400);
    const malformed = await verify('short');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual(['token: This link is incomplete: open it from the email again']);
    // A learner's link does not work on the admin endpoint.
    await signUp('role@example.com');
    expect((await verify((await emailedToken('role@example.com', 'verify-email'))!, 'admin')).status).toBe(400);
    expect(await verifiedAt('role@example.com')).toBeNull();
  });

  it('resend sends a new link, throttled per account (3 an hour) and per address', async () => {
    await signUp('resend@example.com');
    const { token } = (await logIn('resend@example.com')).body;
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call('POST', '/api/v1/user/verify-email/resend', { token, ip })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await outbox('resend@example.com')).filter((e) => e.tag === 'verify-email')).toHaveLength(4);
    // Any of the links works; afterwards resend says there is nothing to confirm.
    expect((await verify((await emailedToken('resend@example.com', 'verify-email'))!)).status).toBe(200);
    const after = await call('POST', '/api/v1/user/verify-email/resend', { token, ip: freshIp() });
    expect(after.body).toEqual({ message: 'Your email address is already confirmed.', alreadyConfirmed: true });

    const shared = freshIp();
    const answers = [];
    for (let i = 0; i < 11; i++) {
      await signUp(`crowd${i}@example.com`);
      const session = (await logIn(`crowd${i}@example.com`)).body.token;
      answers.push((await call('POST', '/api/v1/user/verify-email/resend', { token: session, ip: shared })).status);
    }
    expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(answers[10]).toBe(429);
    expect((await call('POST', '/api/v1/user/verify-email/resend', {})).status).toBe(401);
  });
});

describe('admins confirm their email before any admin action', () => {
  const admin = { firstName: 'Meera', lastName: 'Iyer', email: 'meera@aspira.example', password: 'harbour lamp seven', inviteCode: INVITE };

  it('signup answers the same for a taken email; login gets no session until the link is opened', async () => {
    const first = await call('POST', '/api/v1/admin/signup', { body: admin, ip: freshIp() });
    const again = await call('POST', '/api/v1/admin/signup', { body: admin, ip: freshIp() });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await outbox(admin.email)).map((e) => e.tag)).toEqual(['verify-email', 'signup-attempt']);
    expect((await outbox(admin.email))[1]!.text_body).toContain('/admin/forgot-password?email=');

    const refused = await logIn(admin.email, 'admin', admin.password);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toMatch(/confirm your email address first/);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(refused.body.token).toBeUndefined();
    // The refusal sent a fresh link; a wrong password gets the usual 401 and no email.
    expect((await outbox(admin.email)).map((e) => e.tag)).toEqual(['verify-email', 'signup-attempt', 'verify-email']);
    expect((await logIn(admin.email, 'admin', 'wrong-password-1')).status).toBe(401);
    expect(await outbox(admin.email)).toHaveLength(3);

    const token = (await emailedToken(admin.email, 'verify-email'))!;
    expect((await verify(token, 'user')).status).toBe(400);
    expect((await verify(token, 'admin')).status).toBe(200);
    const login = await logIn(admin.email, 'admin', admin.password);
    expect(login.status).toBe(200);
    expect((await call('GET', '/api/v1/admin/leads', { token: login.body.token })).status).toBe(200);
  });
});
