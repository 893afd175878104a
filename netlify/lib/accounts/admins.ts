import { refuseUnconfirmedAdmin } from './recovery.ts';
import { login, logout } from './login.ts';
import { constantTimeEqual, env, HttpError, rateLimit } from '../platform/index.ts';
import { clearSessionCookie } from '../auth/index.ts';
import { signUp } from './signup.ts';
import { refuseInactiveAdmin } from './team.ts';

export const INVITE_REFUSED = 'Admin signup needs a valid invite code';

/** Constant-time comparison of the invite code; no code configured means signup is closed. */
export function inviteCodeMatches(given: string, expected: string | undefined): boolean {
  return !!expected && constantTimeEqual(expected, given);
}

export type AdminSignup = { firstName: string; lastName: string; email: string; password: string; inviteCode: string };

/**
 * Admin signup is closed unless ADMIN_INVITE_CODE is set and the caller knows it (docs/architecture.md, API departures).
 * Then it is the learners' signup: the same answer for a taken email, and a link to confirm the
 * address, which an admin must open before logging in.
 */
export async function signupAdmin(input: AdminSignup, ip: string): Promise<{ message: string }> {
  // Before the invite code is compared: guessing it is as slow as signing up (SIGNUP_RATE_LIMIT_PER_HOUR, 10 by default).
  await rateLimit({ bucket: 'admin-signup', key: ip, limit: env().SIGNUP_RATE_LIMIT_PER_HOUR, windowSeconds: 3600 });
  if (!inviteCodeMatches(input.inviteCode, env().ADMIN_INVITE_CODE)) throw new HttpError(403, INVITE_REFUSED);
  return signUp('admin', input, ip);
}

/**
 * An admin with an unconfirmed email gets no session (403, and a fresh link by email); nor does
 * an inactive admin (403).
 */
export async function loginAdmin(email: string, password: string, ip: string) {
  const { account, token, cookie } = await login('admin', email, password, ip, async (candidate) => {
    await refuseInactiveAdmin(candidate);
    await refuseUnconfirmedAdmin(candidate);
  });
  return { admin: { _id: account._id, email: account.email, firstName: account.firstName }, token, cookie };
}

export async function logoutAdmin(accountId: string): Promise<string> {
  await logout(accountId);
  return clearSessionCookie('admin');
}
