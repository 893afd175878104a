/**
 * Email one-time codes (docs/architecture.md, API departures): 6 digits from a CSPRNG, stored as a keyed
 * hash, valid 10 minutes, single use, dead after 5 wrong tries; sending is throttled per email
 * (once a minute, a few an hour) and per IP. A verified code yields a short-lived, single-use
 * verification token bound to the email. No code or token ever reaches a response body's
 * neighbour: logs, errors, or the answer of /otp/send.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { db, type Tx, env, HttpError, log, signaturesEqual, rateLimit } from '../platform/index.ts';
import { clearSuppression, enqueueEmail } from '../outbox/index.ts';
import { otpEmail } from './emails.ts';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_WRONG = 5;
export const VERIFICATION_TTL_MINUTES = 30;
export const SEND_LIMITS = { perEmailMinute: 1, perEmailHour: 5, perIpHour: 10 } as const;

function codeHash(email: string, code: string): string {
  return createHmac('sha256', env().jwtSecret).update(`email-otp:${email}:${code}`).digest('hex');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export const SEND_ANSWER = { success: true, message: 'OTP sent to your email!' } as const;

/** Same answer whatever the email; the code only ever travels in the email. */
export async function sendOtp(email: string, ip: string): Promise<typeof SEND_ANSWER> {
  await rateLimit({ bucket: 'otp-send-ip', key: ip, limit: SEND_LIMITS.perIpHour, windowSeconds: 3600 });
  await rateLimit({ bucket: 'otp-send-email-minute', key: email, limit: SEND_LIMITS.perEmailMinute, windowSeconds: 60 });
  await rateLimit({ bucket: 'otp-send-email-hour', key: email, limit: SEND_LIMITS.perEmailHour, windowSeconds: 3600 });
  const code = newCode();
  await db().begin(async (tx) => {
    // A new code replaces any earlier one.
    await tx`update email_otps set consumed_at = now() where email = ${email} and consumed_at is null`;
    await tx`insert into email_otps (email, code_hash, expires_at)
             values (${email}, ${codeHash(email, code)}, now() + make_interval(mins => ${OTP_TTL_MINUTES}))`;
    // Typed just now: sent even if the address bounced before (the person may have fixed it).
    await enqueueEmail(tx, { to: email, ...otpEmail({ code, ttlMinutes: OTP_TTL_MINUTES }), tag: 'otp', secret: true, retyped: true });
  });
  log.info('otp sent');
  return SEND_ANSWER;
}

type OtpRow = { id: string; code_hash: string; attempts: number; consumed_at: Date | null; expired: boolean };
type VerifyResult = { kind: 'ok'; token: string } | { kind: 'invalid' } | { kind: 'expired' } | { kind: 'locked' };

/** Checks a code; a wrong one counts against it (committed even though the answer is an error). */
export async function verifyOtp(
  email: string,
  otp: string,
  ip: string,
): Promise<{ success: true; message: string; verificationToken: string }> {
  await rateLimit({ bucket: 'otp-verify-ip', key: ip, limit: 60, windowSeconds: 3600 });
  const result = await db().begin(async (tx): Promise<VerifyResult> => {
    const [row] = await tx<OtpRow[]>`
      select id, code_hash, attempts, consumed_at, expires_at <= now() as expired
      from email_otps where email = ${email} order by created_at desc, id desc limit 1 for update`;
    if (!row) return { kind: 'invalid' };
    if (row.attempts >= OTP_MAX_WRONG) return { kind: 'locked' };
    if (row.consumed_at) return { kind: 'invalid' };
    if (row.expired) return { kind: 'expired' };
    if (!signaturesEqual(row.code_hash, codeHash(email, otp))) {
      await tx`update email_otps set attempts = attempts + 1,
                 consumed_at = case when attempts + 1 >= ${OTP_MAX_WRONG} then now() else consumed_at end
               where id = ${row.id}`;
      return { kind: 'invalid' };
    }
    await tx`update email_otps set consumed_at = now() where id = ${row.id}`;
    // The right code proved the inbox: an earlier bounce of this address no longer holds mail back.
    await clearSuppression(tx, email, { reason: 'confirmed' });
    const token = randomBytes(32).toString('base64url');
    await tx`insert into otp_verification_tokens (token_hash, email, expires_at)
             values (${tokenHash(token)}, ${email}, now() + make_interval(mins => ${VERIFICATION_TTL_MINUTES}))`;
    return { kind: 'ok', token };
  });
  switch (result.kind) {
    case 'ok':
      return { success: true, message: 'OTP verified', verificationToken: result.token };
    case 'locked':
      throw new HttpError(429, 'Too many wrong codes. Please request a new OTP.', { 'retry-after': '60' });
    case 'expired':
      throw new HttpError(400, 'This OTP has expired. Please request a new one.');
    default:
      throw new HttpError(400, 'Invalid OTP');
  }
}

/**
 * Uses up a verification token inside the caller's transaction. Refuses a missing, expired,
 * used token, or one issued for another email.
 */
export async function consumeVerificationToken(tx: Tx, token: string, email: string): Promise<void> {
  const [row] = await tx`update otp_verification_tokens set consumed_at = now()
                         where token_hash = ${tokenHash(token)} and email = ${email}
                           and consumed_at is null and expires_at > now()
                         returning email`;
  if (!row) throw new HttpError(403, 'Please verify your OTP first.');
}
