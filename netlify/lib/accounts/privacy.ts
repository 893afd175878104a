/**
 * Learner accounts in the privacy catalogue: the account is anonymised (course orders point to
 * it), its email links deleted.
 */
import { randomBytes } from 'node:crypto';
import type { TableCoverage } from '../privacy/types.ts';

/** Confirmation and reset links: when sent and used, never the token. */
export const ACCOUNT_LINK_DATA: Record<string, TableCoverage> = {
  account_tokens: {
    label: 'accountLinks',
    // When a verification or reset link was sent and used; never the token.
    export: (tx, s) => tx`
      select purpose, created_at, expires_at, used_at from account_tokens where account_id in ${tx(s.accountIds.concat(''))}`,
    erase: async (tx, s) => (await tx`delete from account_tokens where account_id in ${tx(s.accountIds.concat(''))}`).count,
  },
};

/** The account itself. */
export const ACCOUNT_DATA: Record<string, TableCoverage> = {
  accounts: {
    label: 'account',
    export: (tx, s) => tx`
      select id, email, first_name, last_name, email_verified_at, created_at, updated_at
      from accounts where role = 'user' and id in ${tx(s.accountIds.concat(''))}`,
    // Anonymised, not deleted: course orders point to it. The token version bump ends every session.
    erase: async (tx, s) =>
      (
        await tx`
          update accounts set email = 'erased-' || id || '@erased.invalid', first_name = '', last_name = '',
            password_hash = ${`erased:${randomBytes(16).toString('hex')}`}, email_verified_at = null,
            token_version = token_version + 1, erased_at = now(), updated_at = now()
          where role = 'user' and id in ${tx(s.accountIds.concat(''))}`
      ).count,
  },
};
