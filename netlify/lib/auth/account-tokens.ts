/**
 * Single-use links for accounts (confirm an email address, reset a password): 32 random bytes in
 * the link, only their SHA-256 in the database, an expiry, and a used-at stamp set once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../platform/index.ts';
import type { Role } from './tokens.ts';

export type TokenPurpose = 'verify-email' | 'reset-password';

export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 3600,
  'reset-password': 30 * 60,
};

/** What a link may carry: base64url of 32 bytes (43 characters). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a token for the account; the caller puts it in an email in the same transaction. */
export async function issueToken(tx: Db, accountId: string, purpose: TokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Links long dead tell nothing any more: the account's own are cleared as new ones are made.
  await tx`delete from account_tokens where account_id = ${accountId} and expires_at < now() - interval '7 days'`;
  await tx`insert into account_tokens (account_id, purpose, token_hash, expires_at)
           values (${accountId}, ${purpose}, ${hashToken(token)}, now() + make_interval(secs => ${TOKEN_TTL_SECONDS[purpose]}))`;
  return token;
}

export type TokenAccount = {
  tokenId: string;
  accountId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The token can still be used: not used, not expired. */
  usable: boolean;
  emailVerified: boolean;
};

/** The account a token of this purpose and role belongs to (used or not), or null. */
export async function findToken(sql: Db, token: string, purpose: TokenPurpose, role: Role): Promise<TokenAccount | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await sql<TokenAccount[]>`
    select t.id::text as "tokenId", a.id as "accountId", a.email, a.first_name as "firstName", a.last_name as "lastName",
           (t.used_at is null and t.expires_at > now()) as usable, a.email_verified_at is not null as "emailVerified"
    from account_tokens t join accounts a on a.id = t.account_id
    where t.token_hash = ${hashToken(token)} and t.purpose = ${purpose} and a.role = ${role}`;
  return row ?? null;
}

/**
 * Uses the token once: true for the one caller that marked it used while it was still valid
 * (a second click, a race, an expired link: false).
 */
export async function useToken(tx: Db, tokenId: string): Promise<boolean> {
  const rows = await tx`update account_tokens set used_at = now()
                        where id = ${tokenId} and used_at is null and expires_at > now() returning id`;
  return rows.length === 1;
}

/** Ends every other open token of this purpose (after a reset, older reset links die). */
export async function retireTokens(tx: Db, accountId: string, purpose: TokenPurpose): Promise<void> {
  await tx`update account_tokens set used_at = now() where account_id = ${accountId} and purpose = ${purpose} and used_at is null`;
}
