import { hashPassword, verifyPassword } from './auth/passwords.ts';
import { issueSession, revokeSessions } from './auth/session.ts';
import type { Role } from './auth/tokens.ts';
import { db, isUniqueViolation } from './db.ts';
import { HttpError } from './http.ts';

export type NewAccount = { role: Role; email: string; password: string; firstName: string; lastName: string };
type AccountRow = { id: string; email: string; first_name: string; last_name: string; password_hash: string; token_version: number };

/** Creates a learner or admin account. A taken email is a 409 (signup only; login never tells). */
export async function createAccount(input: NewAccount): Promise<{ id: string; email: string; firstName: string }> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db()<{ id: string }[]>`
      insert into accounts (role, email, first_name, last_name, password_hash)
      values (${input.role}, ${input.email}, ${input.firstName}, ${input.lastName}, ${passwordHash})
      returning id`;
    return { id: row!.id, email: input.email, firstName: input.firstName };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, ['email: An account with this email already exists. Please log in.']);
    throw error;
  }
}

export const INVALID_LOGIN = 'Invalid email or password';

/** Checks the password; unknown email and wrong password answer the same, in the same time. */
export async function login(role: Role, email: string, password: string) {
  const [row] = await db()<AccountRow[]>`
    select id, email, first_name, last_name, password_hash, token_version
    from accounts where role = ${role} and email = ${email}`;
  const ok = await verifyPassword(row?.password_hash, password);
  if (!row || !ok) throw new HttpError(401, INVALID_LOGIN);
  const session = await issueSession({ id: row.id, role, tokenVersion: row.token_version });
  return { account: { _id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name }, ...session };
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
  const passwordHash = await hashPassword(newPassword);
  await db()`update accounts set password_hash = ${passwordHash}, token_version = token_version + 1, updated_at = now() where id = ${accountId}`;
}
