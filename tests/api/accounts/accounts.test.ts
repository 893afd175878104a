import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { env } from '../../../netlify/lib/platform/index.ts';
import { BASE_URL, call, count, useTestDatabase } from '../support/harness.ts';

const db = useTestDatabase();

let ipCounter = 1;
/** A fresh client address, so one test's rate-limit use does not spill into the next. */
const freshIp = () => `198.51.100.${ipCounter++}`;

const PASSWORD = 'learn2grow!';
async function signUp(email: string, extra: Record<string, unknown> = {}) {
  return call('POST', '/api/v1/user/signup', {
    body: { firstName: 'Asha', lastName: 'Rao', email, password: PASSWORD, ...extra },
    ip: freshIp(),
  });
}
async function logIn(email: string, password = PASSWORD, ip = freshIp()) {
  return call('POST', '/api/v1/user/login', { body: { email, password }, ip });
}
const cookieOf = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith('aspira_session='))!;

describe('POST /api/v1/user/signup', () => {
  it('creates an unconfirmed learner with an argon2id hash and a lower-cased email, and records consent', async () => {
    const res = await signUp('  Asha.Rao@Example.COM ');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Check your email: we sent a link to confirm your address. Open it, then log in.',
      user: { email: 'asha.rao@example.com' },
    });
    const [row] = await db.sql`select id, role, email, first_name, last_name, password_hash, email_verified_at
      from accounts where email = 'asha.rao@example.com'`;
    expect(row).toMatchObject({ role: 'user', first_name: 'Asha', last_name: 'Rao', email_verified_at: null });
    expect(await db.sql`select purpose, subject_table, subject_id from consents where email = 'asha.rao@example.com'`).toEqual([
      { purpose: 'signup', subject_table: 'accounts', subject_id: row!.id },
    ]);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_hash).not.toContain(PASSWORD);
  });

  // No composition rule: common passwords and the name/email rule are in passwords.test.ts.
  it('refuses passwords of the wrong length, naming the field, and writes nothing', async () => {
    const before = await count(db, 'accounts');
    for (const [password, message] of [
      ['short1', /at least 8/],
      ['x'.repeat(129), /at most 128/],
      ['', /at least 8/],
    ] as const) {
      const res = await signUp(`weak${password.length}@example.com`, { password });
      expect(res.status).toBe(400);
      expect(res.body.errors.join(' ')).toMatch(/^password: /);
      expect(res.body.errors.join(' ')).toMatch(message);
    }
    expect(await count(db, 'accounts')).toBe(before);
  });

  it('refuses bad emails, missing names, unknown fields and non-JSON bodies', async () => {
    const before = await count(db, 'accounts');
    for (const email of [
      'not-an-email',
      'a@b',
      '',
      'two@@example.com',
      'x@example.com\r\nBcc: y@example.com',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      const res = await signUp(email);
      expect(res.status, email).toBe(400);
      expect(res.body.errors.some((m: string) => m.startsWith('email: '))).toBe(true);
    }
    const noName = await signUp('noname@example.com', { firstName: '  ', lastName: '' });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/^firstName: /), expect.stringMatching(/^lastName: /)]),
    );
    const extra = await signUp('extra@example.com', { role: 'admin' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.join(' ')).toMatch(/Unknown field: role/);
    const form = await call('POST', '/api/v1/user/signup', {
      rawBody: 'email=a@example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(await count(db, 'accounts')).toBe(before);
  });

  // The same-answer rules (and the emails behind them) are in account-recovery.test.ts.
  it('keeps the first account when a taken email (any case) signs up again', async () => {
    expect((await signUp('taken@example.com')).status).toBe(201);
    const again = await signUp('TAKEN@example.com', { firstName: 'Other', password: 'another1pass' });
    expect(again.status).toBe(201);
    const rows = await db.sql`select first_name from accounts where email = 'taken@example.com'`;
    expect(rows).toEqual([{ first_name: 'Asha' }]);
  });

  it('is rate-limited per address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call('POST', '/api/v1/user/signup', {
        body: { firstName: 'A', lastName: 'B', email: `burst${i}@example.com`, password: PASSWORD },
        ip,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await count(db, "accounts where email = 'burst10@example.com'")).toBe(0);
  });
});

describe('POST /api/v1/user/login', () => {
  it('answers {message, user, token} and sets an HttpOnly session cookie', async () => {
    await signUp('login@example.com');
    const res = await logIn('LOGIN@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: expect.any(String),
      user: { _id: expect.any(String), email: 'login@example.com', firstName: 'Asha', emailVerified: false },
      token: expect.any(String),
    });
    const cookie = cookieOf(res.headers);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toContain(res.body.token);
    // The token works as a bearer header and as the cookie.
    const viaBearer = await call('GET', '/api/v1/user/me', { token: res.body.token });
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.body.user).toMatchObject({ _id: res.body.user._id, email: 'login@example.com', firstName: 'Asha', lastName: 'Rao' });
    const viaCookie = await call('GET', '/api/v1/user/me', { headers: { cookie: `aspira_session=${res.body.token}` } });
    expect(viaCookie.status).toBe(200);
  });

  it('answers the same for an unknown email and a wrong password (a taken email is not revealed)', async () => {
    await signUp('known@example.com');
    const unknown = await logIn('nobody@example.com', PASSWORD);
    const wrong = await logIn('known@example.com', 'wrong-password-1');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body.errors).toBe('Invalid email or password');
    expect(unknown.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const res = await call('POST', '/api/v1/user/login', { body: { email: 'nope' }, ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.stringMatching(/^email: /), expect.stringMatching(/^password: /)]));
  });

  it("is throttled per (account, address), and a stranger's burst from many addresses never locks the owner out", async () => {
    await signUp('target@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await logIn('target@example.com', `guess-${i}-x1`)).status);
    expect(statuses).toEqual(Array(12).fill(401));
    // One address guessing one account is stopped after ten tries...
    const stranger = freshIp();
    const fromOne: number[] = [];
    for (let i = 0; i < 11; i++) fromOne.push((await logIn('target@example.com', `guess-${i}-y1`, stranger)).status);
    expect(fromOne.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(fromOne[10]).toBe(429);
    // ...while the owner, right after, from their own address, gets in.
    const right = await logIn('target@example.com', PASSWORD);
    expect(right.status).toBe(200);
    expect(right.headers.getSetCookie()).toHaveLength(1);
  });

  it('answers a burst against an unknown email exactly as one against a real account', async () => {
    await signUp('real-one@example.com');
    const burst = async (email: string) => {
      const ip = freshIp();
      const out: string[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await logIn(email, `guess-${i}-z1`, ip);
        out.push(`${res.status} ${JSON.stringify(res.body)}`);
      }
      return out;
    };
    expect(await burst('real-one@example.com')).toEqual(await burst('not-a-user@example.com'));
  });

  it('is throttled per address across many emails', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await logIn(`spray${i}@example.com`, 'whatever-1', ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('sessions', () => {
  async function loggedIn(email: string) {
    await signUp(email);
    const res = await logIn(email);
    return { token: res.body.token as string, id: res.body.user._id as string };
  }

  it('refuses a missing, forged, expired or alg:none token with 401', async () => {
    const { token, id } = await loggedIn('tokens@example.com');
    expect((await call('GET', '/api/v1/user/me')).status).toBe(401);
    const forged = await new SignJWT({ role: 'user', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setIssuer('aspira')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('someone-elses-secret-someone-elses'));
    const expired = await new SignJWT({ role: 'user', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setIssuer('aspira')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(env().jwtSecret);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: id, role: 'user', tv: 0, iss: 'aspira', exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    const [header, payload] = token.split('.');
    const tampered = `${header}.${b64({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'ffffffffffffffffffffffff' })}.${token.split('.')[2]}`;
    for (const [name, bad] of Object.entries({ forged, expired, none, tampered, garbage: 'not.a.token' })) {
      const viaBearer = await call('GET', '/api/v1/user/me', { token: bad });
      expect(viaBearer.status, name).toBe(401);
      const viaCookie = await call('GET', '/api/v1/user/purchases', { headers: { cookie: `aspira_session=${bad}` } });
      expect(viaCookie.status, name).toBe(401);
    }
    expect((await call('GET', '/api/v1/user/me', { token })).status).toBe(200);
  });

  it('logout revokes the token (bearer and cookie alike) and clears the cookie', async () => {
    const { token } = await loggedIn('logout@example.com');
    const other = await logIn('logout@example.com');
    const res = await call('GET', '/api/v1/user/logout', { headers: { cookie: `aspira_session=${token}` } });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/Logged out/);
    expect(cookieOf(res.headers)).toMatch(/Max-Age=0/);
    expect((await call('GET', '/api/v1/user/me', { token })).status).toBe(401);
    expect((await call('GET', '/api/v1/user/me', { headers: { cookie: `aspira_session=${token}` } })).status).toBe(401);
    expect((await call('GET', '/api/v1/user/purchases', { token: other.body.token })).status).toBe(401);
    // Logging out again (already out) still answers 200 and clears the cookie.
    expect((await call('GET', '/api/v1/user/logout', { token })).status).toBe(200);
  });

  it('logout cannot be triggered by another site', async () => {
    const { token } = await loggedIn('csrf-logout@example.com');
    const res = await call('GET', '/api/v1/user/logout', {
      headers: { cookie: `aspira_session=${token}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect((await call('GET', '/api/v1/user/me', { token })).status).toBe(200);
  });

  it('an admin token is not a learner session', async () => {
    const [admin] =
      await db.sql`insert into accounts (role, email, password_hash, admin_role) values ('admin', 'boss@example.com', 'x', 'owner') returning id`;
    const { signSession } = await import('../../../netlify/lib/auth/index.ts');
    const token = await signSession({ sub: admin!.id, role: 'admin', tv: 0 });
    expect((await call('GET', '/api/v1/user/me', { token })).status).toBe(403);
  });
});

describe('POST /api/v1/user/password', () => {
  it('checks the current password, ends older sessions and issues a fresh one', async () => {
    await signUp('pw@example.com');
    const first = await logIn('pw@example.com');
    const second = await logIn('pw@example.com');
    const wrong = await call('POST', '/api/v1/user/password', {
      token: first.body.token,
      body: { currentPassword: 'not-it-1', newPassword: 'brand-new-pass9' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(['currentPassword: The current password is not correct']);
    const weak = await call('POST', '/api/v1/user/password', {
      token: first.body.token,
      body: { currentPassword: PASSWORD, newPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.join(' ')).toMatch(/^newPassword: /);
    const ok = await call('POST', '/api/v1/user/password', {
      token: first.body.token,
      body: { currentPassword: PASSWORD, newPassword: 'brand-new-pass9' },
    });
    expect(ok.status).toBe(200);
    expect(cookieOf(ok.headers)).toContain(ok.body.token);
    expect((await call('GET', '/api/v1/user/me', { token: second.body.token })).status).toBe(401);
    expect((await call('GET', '/api/v1/user/me', { token: first.body.token })).status).toBe(401);
    expect((await call('GET', '/api/v1/user/me', { token: ok.body.token })).status).toBe(200);
    expect((await logIn('pw@example.com', PASSWORD)).status).toBe(401);
    expect((await logIn('pw@example.com', 'brand-new-pass9')).status).toBe(200);
  });

  it('refuses a cookie-borne change from another origin', async () => {
    await signUp('pw-csrf@example.com');
    const { body } = await logIn('pw-csrf@example.com');
    const res = await call('POST', '/api/v1/user/password', {
      headers: { cookie: `aspira_session=${body.token}`, origin: 'https://evil.example' },
      body: { currentPassword: PASSWORD, newPassword: 'brand-new-pass9' },
    });
    expect(res.status).toBe(403);
    expect((await logIn('pw-csrf@example.com', PASSWORD)).status).toBe(200);
    const sameSite = await call('POST', '/api/v1/user/password', {
      headers: { cookie: `aspira_session=${body.token}`, origin: new URL(BASE_URL).origin },
      body: { currentPassword: PASSWORD, newPassword: 'brand-new-pass9' },
    });
    expect(sameSite.status).toBe(200);
  });
});
