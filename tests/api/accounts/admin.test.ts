import { describe, expect, it } from 'vitest';
import { createAccount, login } from '../../../netlify/lib/accounts/index.ts';
import { resetEnvForTests } from '../../../netlify/lib/platform/index.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';

const INVITE = 'correct-horse-battery-staple';
const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });

const admin = { firstName: 'Meera', lastName: 'Iyer', email: 'Meera@Aspira.example', password: 'admin-pass-123', inviteCode: INVITE };
let ipCounter = 1;
const freshIp = () => `198.51.100.${ipCounter++}`;

async function admins(): Promise<number> {
  const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from accounts where role = 'admin'`;
  return row!.n;
}

async function learnerToken(): Promise<string> {
  await createAccount({ role: 'user', email: 'learner@example.com', password: 'learner-pass-1', firstName: 'Ravi', lastName: 'K' }).catch(
    () => {},
  );
  return (await login('user', 'learner@example.com', 'learner-pass-1', freshIp())).token;
}

async function adminToken(): Promise<string> {
  const res = await call('POST', '/api/v1/admin/login', { body: { email: admin.email, password: admin.password }, ip: freshIp() });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

describe('POST /api/v1/admin/signup', () => {
  it('refuses a missing invite code with 400 naming the field, and writes nothing', async () => {
    const { inviteCode: _omit, ...rest } = admin;
    const res = await call('POST', '/api/v1/admin/signup', { body: rest, ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain('inviteCode: Enter the invite code');
    expect(await admins()).toBe(0);
  });

  it('refuses a wrong invite code with 403 and creates no account', async () => {
    for (const inviteCode of ['wrong', `${INVITE}x`, INVITE.slice(0, -1), INVITE.toUpperCase()]) {
      const res = await call('POST', '/api/v1/admin/signup', { body: { ...admin, inviteCode }, ip: freshIp() });
      expect(res.status).toBe(403);
      expect(res.body.errors).toBe('Admin signup needs a valid invite code');
    }
    expect(await admins()).toBe(0);
  });

  it('is closed (403, no account) when no invite code is configured, even for an empty-looking code', async () => {
    const saved = process.env.ADMIN_INVITE_CODE;
    process.env.ADMIN_INVITE_CODE = '';
    resetEnvForTests();
    try {
      for (const inviteCode of [INVITE, ' ', 'undefined']) {
        const res = await call('POST', '/api/v1/admin/signup', { body: { ...admin, inviteCode }, ip: freshIp() });
        expect(res.status).toBe(403);
      }
      expect(await admins()).toBe(0);
    } finally {
      process.env.ADMIN_INVITE_CODE = saved;
      resetEnvForTests();
    }
  });

  it('checks every field and refuses unknown ones', async () => {
    const res = await call('POST', '/api/v1/admin/signup', {
      body: { email: 'not-an-email', password: 'short', inviteCode: INVITE, role: 'admin' },
      ip: freshIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining(['Unknown field: role']));
    const res2 = await call('POST', '/api/v1/admin/signup', {
      body: { lastName: ' ', email: 'not-an-email', password: 'short', inviteCode: INVITE },
      ip: freshIp(),
    });
    expect(res2.body.errors).toEqual(
      expect.arrayContaining([
        'lastName: Enter your last name',
        'email: Enter a valid email address',
        'password: Password must be at least 8 characters',
      ]),
    );
    expect(await admins()).toBe(0);
  });

  it('refuses a non-JSON body with 415', async () => {
    const res = await call('POST', '/api/v1/admin/signup', {
      rawBody: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip: freshIp(),
    });
    expect(res.status).toBe(415);
  });

  it('creates the admin with the right invite code (firstName optional), storing an argon2id hash; the first admin is the owner, later ones counsellors', async () => {
    const res = await call('POST', '/api/v1/admin/signup', { body: admin, ip: freshIp() });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Check your email: we sent a link to confirm your address. Open it, then log in.');
    const [row] = await db.sql`select role, email, first_name, last_name, password_hash from accounts where role = 'admin'`;
    expect(row).toMatchObject({ role: 'admin', email: 'meera@aspira.example', first_name: 'Meera', last_name: 'Iyer' });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    const { firstName: _f, ...noFirst } = admin;
    const res2 = await call('POST', '/api/v1/admin/signup', { body: { ...noFirst, email: 'second@aspira.example' }, ip: freshIp() });
    expect(res2.status).toBe(201);
    // Knowing the invite code gives lead work only: money, courses and the team stay with owners.
    const roles = await db.sql`select email, admin_role from accounts where role = 'admin' order by created_at, id`;
    expect(roles).toEqual([
      { email: 'meera@aspira.example', admin_role: 'owner' },
      { email: 'second@aspira.example', admin_role: 'counsellor' },
    ]);
  });

  it('answers an email that already has an admin account as it answers a new one, creating nothing', async () => {
    const before = await admins();
    const res = await call('POST', '/api/v1/admin/signup', { body: admin, ip: freshIp() });
    expect(res.status).toBe(201);
    expect(await admins()).toBe(before);
  });
});

describe('POST /api/v1/admin/login', () => {
  it('refuses an admin whose email is not confirmed yet, then logs them in once it is', async () => {
    const before = await call('POST', '/api/v1/admin/login', { body: { email: admin.email, password: admin.password }, ip: freshIp() });
    expect(before.status).toBe(403);
    expect(before.headers.get('set-cookie')).toBeNull();
    // What opening the confirmation link does.
    await db.sql`update accounts set email_verified_at = now() where email = 'meera@aspira.example'`;
  });

  it('answers message, token and admin, and sets the HttpOnly admin cookie', async () => {
    const res = await call('POST', '/api/v1/admin/login', {
      body: { email: 'MEERA@aspira.example', password: admin.password },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Logged in successfully', admin: { email: 'meera@aspira.example', firstName: 'Meera' } });
    expect(res.body.admin._id).toMatch(/^[0-9a-f]{24}$/);
    expect(res.body.token.split('.')).toHaveLength(3);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^aspira_admin_session=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('answers the same for an unknown email and a wrong password', async () => {
    const wrong = await call('POST', '/api/v1/admin/login', { body: { email: admin.email, password: 'wrong-pass-1' }, ip: freshIp() });
    const unknown = await call('POST', '/api/v1/admin/login', {
      body: { email: 'nobody@aspira.example', password: 'wrong-pass-1' },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('does not let a learner log in as an admin', async () => {
    await learnerToken();
    const res = await call('POST', '/api/v1/admin/login', {
      body: { email: 'learner@example.com', password: 'learner-pass-1' },
      ip: freshIp(),
    });
    expect(res.status).toBe(401);
  });

  it('needs email and password', async () => {
    const res = await call('POST', '/api/v1/admin/login', { body: {}, ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining(['email: Enter your email address', 'password: Enter your password']));
  });

  it('is rate-limited per (account, address) with 429 and Retry-After; the admin still logs in from elsewhere', async () => {
    const stranger = freshIp();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 11; i++) {
      const res = await call('POST', '/api/v1/admin/login', { body: { email: admin.email, password: `wrong-pass-${i}` }, ip: stranger });
      statuses.push(res.status);
      retryAfter = res.headers.get('retry-after');
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Ten more strangers, then the owner from a new address.
    for (let i = 0; i < 10; i++) {
      await call('POST', '/api/v1/admin/login', { body: { email: admin.email, password: `wrong-pass-x${i}` }, ip: freshIp() });
    }
    const owner = await call('POST', '/api/v1/admin/login', { body: { email: admin.email, password: admin.password }, ip: freshIp() });
    expect(owner.status).toBe(200);
  });
});

const ADMIN_ENDPOINTS: [string, string][] = [
  ['GET', '/api/v1/admin/logout'],
  ['GET', '/api/v1/admin/leads'],
  ['GET', '/api/v1/admin/leads?format=csv'],
  ['POST', '/api/v1/course/create'],
  ['PUT', '/api/v1/course/update/6801c2a4f1e2b3c4d5e6fd57'],
  ['DELETE', '/api/v1/course/delete/6801c2a4f1e2b3c4d5e6fd57'],
];

describe('admin endpoints are for admins only', () => {
  it.each(ADMIN_ENDPOINTS)('%s %s without a token -> 401 "Please login to admin"', async (method, path) => {
    const res = await call(method, path);
    expect(res.status).toBe(401);
    expect(res.body.errors).toBe('Please login to admin');
  });

  it.each(ADMIN_ENDPOINTS)('%s %s with a learner token -> 403, nothing changed', async (method, path) => {
    const token = await learnerToken();
    const res = await call(method, path, { token });
    expect(res.status).toBe(403);
    expect(await count(db, 'courses')).toBe(5);
    const [row] = await db.sql`select archived_at from courses where id = '6801c2a4f1e2b3c4d5e6fd57'`;
    expect(row!.archived_at).toBeNull();
  });

  it('refuses a learner cookie too, and a forged token', async () => {
    const token = await learnerToken();
    const res = await call('GET', '/api/v1/admin/leads', { headers: { cookie: `aspira_admin_session=${token}` } });
    expect(res.status).toBe(403);
    const forged = token.split('.').slice(0, 2).join('.') + '.AAAA';
    expect((await call('GET', '/api/v1/admin/leads', { token: forged })).status).toBe(401);
  });

  it('accepts the admin cookie for reads', async () => {
    const token = await adminToken();
    const res = await call('GET', '/api/v1/admin/leads', { headers: { cookie: `aspira_admin_session=${token}` } });
    expect(res.status).toBe(200);
  });
});

describe('GET /api/v1/admin/logout', () => {
  it('revokes the token (it stops working at once) and clears the cookie', async () => {
    const token = await adminToken();
    expect((await call('GET', '/api/v1/admin/leads', { token })).status).toBe(200);
    const res = await call('GET', '/api/v1/admin/logout', { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Logged out successfully');
    expect(res.headers.get('set-cookie')).toMatch(/^aspira_admin_session=;.*Max-Age=0/);
    const after = await call('GET', '/api/v1/admin/leads', { token });
    expect(after.status).toBe(401);
  });

  it('refuses other methods with 405', async () => {
    expect((await call('POST', '/api/v1/admin/logout')).status).toBe(405);
  });
});
