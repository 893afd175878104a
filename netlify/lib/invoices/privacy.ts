/**
 * Invoices and billing details in the privacy catalogue: invoices are kept for tax law.
 */
import type { TableCoverage } from '../privacy/types.ts';

/** Invoices (kept) and billing details (deleted). */
export const INVOICE_DATA: Record<string, TableCoverage> = {
  invoices: {
    label: 'invoices',
    export: async (tx, s) => tx`
      select number, issued_at, purpose, order_id, payment_id, description, buyer_name, buyer_email, buyer_state_code,
             buyer_gstin, buyer_business_name, total_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise
      from invoices
      where account_id in ${tx(s.accountIds.concat(''))} or registration_id in (select id from registrations where email in ${tx(s.provenEmails.concat(''))} and erased_at is null)
         or buyer_email in ${tx(s.provenEmails.concat(''))}
      order by issued_at`,
    // Kept (tax law) with the buyer's name and tax details; the email is replaced.
    erase: async (tx, s) =>
      (
        await tx`
          update invoices set buyer_email = 'erased-invoice-' || id || '@erased.invalid'
          where account_id in ${tx(s.accountIds.concat(''))} or registration_id in (select id from registrations where email in ${tx(s.provenEmails.concat(''))} and erased_at is null)
             or buyer_email in ${tx(s.provenEmails.concat(''))}`
      ).count,
  },
  billing_details: {
    label: 'billingDetails',
    export: (tx, s) => tx`
      select state_code, gstin, business_name, updated_at from billing_details where account_id in ${tx(s.accountIds.concat(''))}`,
    erase: async (tx, s) => (await tx`delete from billing_details where account_id in ${tx(s.accountIds.concat(''))}`).count,
  },
};
