import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '../../../netlify/lib/platform/index.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { latestOtp, newEmail, nextIp, registered } from './kit.ts';

const db = useTestDatabase();

afterEach(() => vi.restoreAllMocks());

async function send(email: string, ip = nextIp()) {
  return call('POST', '/api/v1/otp/send', { body: { email }, ip });
}
async function verify(email: string, otp: string, ip = nextIp()) {
  return call('POST', '/api/v1/otp/verify', { body: { email, otp }, ip });
}
/** Moves the per-minute resend window into the past, as if a minute had gone by. */
async function aMinuteLater() {
  await db.sql`update rate_limits set window_start = window_start - interval '61 seconds' where key like 'otp-send-email-minute:%'`;
}
function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('POST /otp/send', () => {
  it('answers success without the code; the code travels only in the email, stored hashed', async () => {
    const email = newEmail();
    const answer = await send(email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: 'OTP sent to your email!' });
    const code = await latestOtp(db, email);
    expect(answer.text).not.toContain(code);
    expect(answer.text).not.toMatch(/\d{6}/);
    expect([...answer.headers.values()].join(' ')).not.toContain(code);
    const [mail] = await db.sql`select subject from email_outbox where to_address = ${email} and tag = 'otp'`;
    expect(mail?.subject).toBe('Your Aspira verification code');
    const [row] = await db.sql<{ code_hash: string; expires_in: number }[]>`
      select code_hash, extract(epoch from expires_at - now())::int as expires_in from email_otps where email = ${email}`;
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expires_in).toBeGreaterThan(9 * 60);
    expect(row!.expires_in).toBeLessThanOrEqual(10 * 60);
  });

  it('answers the same whether or not the email is known', async () => {
    const known = await registered(db);
    await aMinuteLater();
    const a = await send(known.email);
    const b = await send(newEmail('stranger'));
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
  });

  it('throttles a resend within 60 s with 429 + Retry-After, allows it after, and caps sends per hour', async () => {
    const email = newEmail();
    expect((await send(email)).status).toBe(200);
    const again = await send(email);
    expect(again.status).toBe(429);
    const retry = Number(again.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(await db.sql`select 1 from email_otps where email = ${email}`).toHaveLength(1);
    for (let i = 2; i <= 5; i++) {
      await aMinuteLater();
      expect((await send(email)).status).toBe(200);
    }
    await aMinuteLater();
    const sixth = await send(email);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('caps sends per IP across emails', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await send(newEmail('ip'), ip)).status).toBe(200);
    const over = await send(newEmail('ip'), ip);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
  });

  it('a filled honeypot gets the same answer and nothing is sent', async () => {
    const email = newEmail('bot');
    const answer = await call('POST', '/api/v1/otp/send', { body: { email, website2: 'http://spam.example' }, ip: nextIp() });
    expect(answer.body).toEqual({ success: true, message: 'OTP sent to your email!' });
    expect(await db.sql`select 1 from email_outbox where to_address = ${email}`).toHaveLength(0);
  });

  it('refuses bad input with a 4xx naming the field and writes nothing', async () => {
    const before = [await count(db, 'email_otps'), await count(db, 'email_outbox')];
    const missing = await call('POST', '/api/v1/otp/send', { body: {}, ip: nextIp() });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.stringMatching(/^email: /)]);
    const bad = await call('POST', '/api/v1/otp/send', { body: { email: 'not-an-email' }, ip: nextIp() });
    expect(bad.body.errors).toEqual(['email: Enter a valid email address']);
    const header = await call('POST', '/api/v1/otp/send', { body: { email: 'a@example.com\r\nBcc: x@example.com' }, ip: nextIp() });
    expect(header.status).toBe(400);
    const extra = await call('POST', '/api/v1/otp/send', { body: { email: 'a@example.com', otp: '123456' }, ip: nextIp() });
    expect(extra.status).toBe(400);
    const notJson = await call('POST', '/api/v1/otp/send', {
      rawBody: 'email=a@example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip: nextIp(),
    });
    expect(notJson.status).toBe(415);
    expect((await call('GET', '/api/v1/otp/send')).status).toBe(405);
    expect([await count(db, 'email_otps'), await count(db, 'email_outbox')]).toEqual(before);
  });
});

describe('POST /otp/verify', () => {
  it('verifies the right code once and gives a verification token bound to the email', async () => {
    const email = newEmail();
    await send(email);
    const code = await latestOtp(db, email);
    const ok = await verify(email, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: 'OTP verified', verificationToken: expect.stringMatching(/^[\w-]{40,}$/) });
    const [token] =
      await db.sql`select token_hash, email, extract(epoch from expires_at - now())::int as ttl from otp_verification_tokens where email = ${email}`;
    expect(token?.token_hash).not.toBe(ok.body.verificationToken);
    expect(token?.ttl).toBeLessThanOrEqual(30 * 60);
    // Reused code: refused.
    const reused = await verify(email, code);
    expect(reused.status).toBe(400);
    expect(reused.body.errors).toBe('Invalid OTP');
  });

  it('5 wrong tries kill the code: the 6th try gets 429 and the right code no longer works', async () => {
    const email = newEmail();
    await send(email);
    const code = await latestOtp(db, email);
    for (let i = 1; i <= 5; i++) {
      const wrong = await verify(email, wrongCode(code));
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toBe('Invalid OTP');
    }
    const sixth = await verify(email, code);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBeTruthy();
    expect((await verify(email, code)).status).toBe(429);
    expect(await db.sql`select 1 from otp_verification_tokens where email = ${email}`).toHaveLength(0);
    // A new code works again.
    await aMinuteLater();
    await send(email);
    expect((await verify(email, await latestOtp(db, email))).status).toBe(200);
  });

  it('refuses an expired code and a code replaced by a newer one', async () => {
    const email = newEmail();
    await send(email);
    const code = await latestOtp(db, email);
    await db.sql`update email_otps set expires_at = now() - interval '1 second' where email = ${email}`;
    const expired = await verify(email, code);
    expect(expired.status).toBe(400);
    expect(expired.body.errors).toMatch(/expired/);

    await aMinuteLater();
    await send(email);
    const second = await latestOtp(db, email);
    await aMinuteLater();
    await send(email);
    const third = await latestOtp(db, email);
    if (second !== third) expect((await verify(email, second)).status).toBe(400);
    expect((await verify(email, third)).status).toBe(200);
  });

  it("another email's code does not verify this email", async () => {
    const a = newEmail();
    const b = newEmail();
    await send(a);
    await send(b);
    const codeA = await latestOtp(db, a);
    const codeB = await latestOtp(db, b);
    if (codeA !== codeB) expect((await verify(b, codeA)).status).toBe(400);
    expect(await db.sql`select 1 from otp_verification_tokens where email = ${b}`).toHaveLength(0);
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const otp of ['12345', '1234567', 'abcdef', '']) {
      const answer = await verify(newEmail(), otp);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([expect.stringMatching(/^otp: /)]);
    }
    const noEmail = await call('POST', '/api/v1/otp/verify', { body: { otp: '123456' }, ip: nextIp() });
    expect(noEmail.body.errors).toEqual([expect.stringMatching(/^email: /)]);
  });

  it('never writes the code or the token to the logs', async () => {
    process.env.LOG_LEVEL = 'debug';
    resetEnvForTests();
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    vi.spyOn(console, 'log').mockImplementation(capture);
    vi.spyOn(console, 'error').mockImplementation(capture);
    vi.spyOn(console, 'warn').mockImplementation(capture);
    try {
      const email = newEmail('logs');
      await send(email);
      const code = await latestOtp(db, email);
      await verify(email, wrongCode(code));
      const ok = await verify(email, code);
      // The console mail transport prints the email itself (that is how a local user reads it);
      // structured log lines are the JSON ones.
      const logLines = lines.filter((l) => l.trim().startsWith('{'));
      expect(logLines.length).toBeGreaterThan(0);
      for (const line of logLines) {
        expect(line).not.toContain(code);
        expect(line).not.toContain(ok.body.verificationToken);
        expect(line).not.toContain(email);
      }
    } finally {
      process.env.LOG_LEVEL = 'silent';
      resetEnvForTests();
    }
  });
});
