/**
 * Learner accounts after login: logout, profile and password change. Signup is signup.ts, login
 * accounts.ts (both shared with admins).
 */
import type { z } from 'zod';
import type { changePasswordSchema } from '../../../src/shared/account.ts';
import { changePassword, logout } from './login.ts';
import { refusePersonalPassword, issueSession, type Session } from '../auth/index.ts';
import { db, rateLimit } from '../platform/index.ts';

const MINUTE = 60;

/** Enough for a person who mistypes, far too few for guessing (login limits: accounts.ts). */
export const LIMITS = {
  passwordPerAccount: { limit: 10, windowSeconds: 15 * MINUTE },
} as const;

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
