/**
 * Codes in the privacy catalog (privacy/catalogue.ts spreads these in): a code issued to one
 * person, and each use of a code by an email. Matched by email only when it is proven theirs.
 */
import type { TableCoverage } from '../privacy/types.ts';

export const CODE_DATA: Record<string, TableCoverage> = {
  discount_codes: {
    label: 'codesIssuedToYou',
    export: (tx, s) => tx`
      select code, description, kind, percent_off, amount_off_paise, valid_from, valid_until, active, created_at
      from discount_codes where issued_to_email in ${tx(s.provenEmails.concat(''))} order by created_at`,
    // A code issued to the person stops working and forgets whom it was for.
    erase: async (tx, s) =>
      (await tx`update discount_codes set issued_to_email = null, active = false where issued_to_email in ${tx(s.provenEmails.concat(''))}`)
        .count,
  },
  discount_redemptions: {
    label: 'codeUses',
    export: (tx, s) => tx`
      select c.code, r.target, r.order_id, r.list_paise, r.discount_paise, r.total_paise, r.status, r.created_at, r.used_at
      from discount_redemptions r join discount_codes c on c.id = r.code_id
      where r.email in ${tx(s.provenEmails.concat(''))} order by r.created_at`,
    // Kept (a code's use count and the discount on an invoice); the email is replaced.
    erase: async (tx, s) =>
      (
        await tx`update discount_redemptions set email = 'erased-use-' || id || '@erased.invalid'
                 where email in ${tx(s.provenEmails.concat(''))}`
      ).count,
  },
};
