import { hashPassword, verifyPassword, issueSession, retireTokens, revokeSessions, type AdminRole, type Role } from '../auth/index.ts';
import { db, isUniqueViolation, type Db, HttpError, countHit, rateLimit } from '../platform/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { passwordChanged } from './emails.ts';

export type NewAccount = {
  role: Role;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Admins only; an admin without one is an owner. */
  adminRole?: AdminRole;
};
type AccountRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  token_version: number;
  verified: boolean;
};

/**
 * Creates a learner or admin account for a trusted caller (the terminal's create-admin, tests):
 * its email counts as confirmed. A taken email is a 409. The public signup forms go through
 * signup.ts instead (unconfirmed account, a verification email, the same answer for a taken email).
 */
export async function createAccount(input: NewAccount): Promise<{ id: string; email: string; firstName: string }> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db()<{ id: string }[]>`
      insert into accounts (role, email, first_name, last_name, password_hash, admin_role, email_verified_at)
      values (${input.role}, ${input.email}, ${input.firstName}, ${input.lastName}, ${passwordHash},
              ${input.role === 'admin' ? (input.adminRole ?? 'owner') : null}, now())
      returning id`;
    return { id: row!.id, email: input.email, firstName: input.firstName };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, ['email: An account with this email already exists. Please log in.']);
    throw error;
  }
}

export const INVALID_LOGIN = 'Invalid email or password';

const MINUTE = 60;
/**
 * Guessing is throttled per address and per (account, address): a stranger's burst never locks
 * the owner out from another address. Failures across all addresses only slow every answer for
 * that email (known or not, right password or wrong), so they neither lock out nor reveal.
 */
export const LOGIN_LIMITS = {
  perIp: { limit: 30, windowSeconds: 15 * MINUTE },
  perAccountAndIp: { limit: 10, windowSeconds: 15 * MINUTE },
  accountFailuresBeforeSlowing: { limit: 20, windowSeconds: 15 * MINUTE },
} as const;
export const SLOW_ANSWER_MS = 1_000;

const failureBucket = (role: Role) => `${role}-login-failures`;

/**
 * Checks the password; unknown email and wrong password answer the same, in the same time.
 * `beforeSession` may refuse a right password (an admin whose email is not confirmed yet).
 */
export async function login(
  role: Role,
  email: string,
  password: string,
  ip = 'local',
  beforeSession?: (account: { id: string; email: string; firstName: string; emailVerified: boolean }) => Promise<void>,
) {
  await rateLimit({ bucket: `${role}-login-ip`, key: ip, ...LOGIN_LIMITS.perIp });
  await rateLimit({ bucket: `${role}-login-account-ip`, key: `${email}\n${ip}`, ...LOGIN_LIMITS.perAccountAndIp });
  const [row] = await db()<AccountRow[]>`
    select id, email, first_name, last_name, password_hash, token_version, email_verified_at is not null as verified
    from accounts where role = ${role} and email = ${email}`;
  const ok = await verifyPassword(row?.password_hash, password);
  // Read the account-wide failure count without adding to it, then count this failure.
  const slow = await countHit({ bucket: failureBucket(role), key: email, ...LOGIN_LIMITS.accountFailuresBeforeSlowing, peek: ok });
  if (slow.exceeded) await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
  if (!row || !ok) throw new HttpError(401, INVALID_LOGIN);
  await beforeSession?.({ id: row.id, email: row.email, firstName: row.first_name, emailVerified: row.verified });
  const session = await issueSession({ id: row.id, role, tokenVersion: row.token_version });
  return {
    account: { _id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, emailVerified: row.verified },
    ...session,
  };
}

export async function logout(accountId: string): Promise<void> {
  await revokeSessions(accountId);
}

/** Changes the password after checking the current one; every older session ends. */
export async function changePassword(accountId: string, currentPassword: string, newPassword: string): Promise<void> {
  const [row] = await db()<{ password_hash: string }[]>`select password_hash from accounts where id = ${accountId}`;
  if (!row || !(await verifyPassword(row.password_hash, currentPassword))) {
    throw new HttpError(400, ['currentPassword: The current password is not correct']);
  }
  const passwordHash = await hashPassword(newPassword, 'newPassword');
  await db().begin((tx) => setPassword(tx, accountId, passwordHash));
}

/**
 * Stores a new password hash inside the caller's transaction: every session of the account ends
 * (token version), every reset link still out dies (one asked before a change in Settings must
 * not set the password later), and the owner gets a "your password was changed" email with it.
 * `confirmsEmail`: a reset link proved the inbox, so the address counts as confirmed.
 */
export async function setPassword(tx: Db, accountId: string, passwordHash: string, confirmsEmail = false): Promise<void> {
  const [account] = await tx<{ role: Role; email: string; first_name: string }[]>`
    update accounts set password_hash = ${passwordHash}, token_version = token_version + 1, updated_at = now(),
      email_verified_at = case when ${confirmsEmail} then coalesce(email_verified_at, now()) else email_verified_at end
    where id = ${accountId} returning role, email, first_name`;
  if (!account) throw new HttpError(404, 'Account not found');
  await retireTokens(tx, accountId, 'reset-password');
  await enqueueEmail(tx, { to: account.email, ...passwordChanged(account.role, account.first_name), tag: 'password-changed' });
}
