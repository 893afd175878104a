import { hash, verify } from '@node-rs/argon2';
import { newPasswordProblem, personalProblem, type Person } from '../../../src/shared/password.ts';
import { HttpError } from '../platform/index.ts';

// argon2id (algorithm 2) with OWASP's recommended cost: 19 MiB, 2 passes.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes a NEW password (signup, admin signup, password change, create-admin), refusing one that
 * breaks the rules of src/shared/password.ts: too short or long, or common and easily guessed.
 * The shared schemas check length (and, on signup, the name and email) with a field name first;
 * this is where the common-password dictionary is consulted on the server, loaded on the first
 * new password so no cold start pays for it. A refusal names the field (400 `field: message`),
 * as a form's own check of the same rule does.
 */
export async function hashPassword(password: string, field = 'password'): Promise<string> {
  const problem = await newPasswordProblem(password);
  if (problem) throw new HttpError(400, [`${field}: ${problem}`]);
  return hash(password, OPTIONS);
}

/**
 * The name/email rule where only the server knows the person (a password change): 400 naming the
 * field. Signup forms check it in their shared schema.
 */
export function refusePersonalPassword(password: string, person: Person, field = 'newPassword'): void {
  const problem = personalProblem(password, person);
  if (problem) throw new HttpError(400, [`${field}: ${problem}`]);
}

/** A real hash to verify against when the account does not exist, so both paths take as long. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('not-a-real-account-password', OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
