/**
 * Password rules on every endpoint that takes a new password: length, not a common password, not
 * the person's name or email; no composition rule (src/shared/password.ts).
 */
import { describe, expect, it } from 'vitest';
import { call, count, useTestDatabase } from '../support/harness.ts';

const INVITE = 'invite-for-password-tests';
const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });

let ipCounter = 1;
const freshIp = () => `198.51.100.${ipCounter++}`;
const errorsOf = (body: { errors: string[] | string }) => (Array.isArray(body.errors) ? body.errors.join(' ') : body.errors);

function signUp(email: string, password: string) {
  return call('POST', '/api/v1/user/signup', { body: { firstName: 'Asha', lastName: 'Rao', email, password }, ip: freshIp() });
}

describe('POST /api/v1/user/signup', () => {
  it('accepts a long passphrase without a digit', async () => {
    const res = await signUp('passphrase@example.com', 'correct horse battery');
    expect(res.status).toBe(201);
  });

  it('refuses common passwords, saying why, and writes nothing', async () => {
    const before = await count(db, 'accounts');
    for (const [i, password] of ['password1', 'Password123', 'qwerty123', 'iloveyou', '1234567890', 'aspira2024'].entries()) {
      const res = await signUp(`learner${i}@example.com`, password);
      expect(res.status, password).toBe(400);
      expect(errorsOf(res.body), password).toMatch(/(used password|guess|personal)\b.*\. Choose another/i);
    }
    expect(await count(db, 'accounts')).toBe(before);
  });

  it('refuses the name or the email inside the password, naming the field', async () => {
    const named = await signUp('named@example.com', 'asha-learns-fast');
    expect(named.status).toBe(400);
    expect(named.body.errors).toEqual(['password: Password must not contain your name']);
    const mailed = await signUp('moonbeam77@example.com', 'moonbeam77 rises');
    expect(mailed.status).toBe(400);
    expect(mailed.body.errors).toEqual(['password: Password must not contain your email address']);
  });

  it('refuses too short and too long, saying the bound', async () => {
    expect((await signUp('short@example.com', 'a1b2c3')).body.errors).toEqual(['password: Password must be at least 8 characters']);
    expect((await signUp('long@example.com', 'x'.repeat(129))).body.errors).toEqual(['password: Password must be at most 128 characters']);
  });
});

describe('POST /api/v1/user/password', () => {
  it('refuses a common new password and keeps the old one', async () => {
    expect((await signUp('changer@example.com', 'learn2grow!')).status).toBe(201);
    const login = await call('POST', '/api/v1/user/login', {
      body: { email: 'changer@example.com', password: 'learn2grow!' },
      ip: freshIp(),
    });
    for (const newPassword of ['password123', 'password1', 'Password123', 'qwerty123']) {
      const res = await call('POST', '/api/v1/user/password', {
        token: login.body.token,
        body: { currentPassword: 'learn2grow!', newPassword },
      });
      expect(res.status, newPassword).toBe(400);
      expect(errorsOf(res.body), newPassword).toMatch(/(used password|guess)\b.*\. Choose another/i);
    }
    const again = await call('POST', '/api/v1/user/login', {
      body: { email: 'changer@example.com', password: 'learn2grow!' },
      ip: freshIp(),
    });
    expect(again.status).toBe(200);
  });

  it('refuses a new password that holds the name or the email, naming the field', async () => {
    expect((await signUp('kiranmehta@example.com', 'learn2grow!')).status).toBe(201);
    const login = await call('POST', '/api/v1/user/login', {
      body: { email: 'kiranmehta@example.com', password: 'learn2grow!' },
      ip: freshIp(),
    });
    const res = await call('POST', '/api/v1/user/password', {
      token: login.body.token,
      body: { currentPassword: 'learn2grow!', newPassword: 'kiranmehta-is-me-2026' },
    });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toMatch(/^newPassword: /);
  });
});

describe('POST /api/v1/admin/signup', () => {
  it('refuses a common password and creates no admin', async () => {
    const res = await call('POST', '/api/v1/admin/signup', {
      body: { firstName: 'Meera', lastName: 'Iyer', email: 'meera@aspira.example', password: 'admin12345', inviteCode: INVITE },
      ip: freshIp(),
    });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toMatch(/Choose another/);
    const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from accounts where role = 'admin'`;
    expect(row!.n).toBe(0);
  });

  it('refuses a password that holds the email, naming the field, and creates no admin', async () => {
    const res = await call('POST', '/api/v1/admin/signup', {
      body: {
        firstName: 'Ravi',
        lastName: 'Kapoor',
        email: 'ravikapoor@aspira.example',
        password: 'ravikapoor-secure-1',
        inviteCode: INVITE,
      },
      ip: freshIp(),
    });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toMatch(/password: /);
    const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from accounts where email = 'ravikapoor@aspira.example'`;
    expect(row!.n).toBe(0);
  });

  it('accepts a passphrase', async () => {
    const res = await call('POST', '/api/v1/admin/signup', {
      body: { firstName: 'Meera', lastName: 'Iyer', email: 'meera2@aspira.example', password: 'tidal lantern orbit', inviteCode: INVITE },
      ip: freshIp(),
    });
    expect(res.status).toBe(201);
  });
});
