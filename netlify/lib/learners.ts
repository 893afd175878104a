/**
 * Learner accounts: signup, login, logout, profile and password change, with the rate limits of
 * docs/architecture.md, API departures. Accounts themselves live in accounts.ts (shared with admins).
 */
import type { z } from 'zod';
import type { changePasswordSchema, loginSchema, userSignupSchema } from '../../src/shared/account.ts';
import { changePassword, createAccount, login, logout } from './accounts.ts';
import { refusePersonalPassword } from './auth/passwords.ts';
import { issueSession, type Session } from './auth/session.ts';
import { db } from './db.ts';
import { rateLimit } from './rate-limit.ts';

const MINUTE = 60;

/** Enough for a person who mistypes, far too few for guessing (login limits: accounts.ts). */
export const LIMITS = {
  signupPerIp: { limit: 10, windowSeconds: 60 * MINUTE },
  signupPerEmail: { limit: 5, windowSeconds: 60 * MINUTE },
  passwordPerAccount: { limit: 10, windowSeconds: 15 * MINUTE },
} as const;

export async function signUpLearner(input: z.output<typeof userSignupSchema>, ip: string) {
  await rateLimit({ bucket: 'user-signup-ip', key: ip, ...LIMITS.signupPerIp });
  await rateLimit({ bucket: 'user-signup-email', key: input.email, ...LIMITS.signupPerEmail });
  const account = await createAccount({ role: 'user', ...input });
  return { _id: account.id, email: account.email, firstName: account.firstName };
}

export async function logInLearner(input: z.output<typeof loginSchema>, ip: string) {
  const result = await login('user', input.email, input.password, ip);
  return {
    user: { _id: result.account._id, email: result.account.email, firstName: result.account.firstName },
    token: result.token,
    cookie: result.cookie,
  };
}

export async function logOutLearner(session: Session): Promise<void> {
  await logout(session.accountId);
}

export function profile(session: Session) {
  return { _id: session.accountId, email: session.email, firstName: session.firstName, lastName: session.lastName };
}

/** Changes the password; every other session ends and this device gets a fresh one. */
export async function changeLearnerPassword(session: Session, input: z.output<typeof changePasswordSchema>) {
  await rateLimit({ bucket: 'user-password', key: session.accountId, ...LIMITS.passwordPerAccount });
  refusePersonalPassword(input.newPassword, session);
  await changePassword(session.accountId, input.currentPassword, input.newPassword);
  const [row] = await db()<{ token_version: number }[]>`select token_version from accounts where id = ${session.accountId}`;
  return issueSession({ id: session.accountId, role: 'user', tokenVersion: row!.token_version });
}
