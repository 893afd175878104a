/**
 * The payment ledger in the privacy catalogue: the payment itself is kept (tax law); its snapshot
 * of the buyer goes (the email replaced, the names dropped): the name the law keeps stays on the
 * purpose's own payment record and the invoice.
 */
import type { TableCoverage } from '../privacy/types.ts';

export const LEDGER_DATA: Record<string, TableCoverage> = {
  payment_orders: {
    label: 'payments',
    export: (tx, s) => tx`
      select id as order_id, purpose, item, amount_paise, currency, status, payment_id, paid_at, buyer_name, buyer_email,
             capture_outcome, duplicate_refund_id, duplicate_refunded_at, created_at
      from payment_orders where lower(buyer_email) in ${tx(s.provenEmails.map((e) => e.toLowerCase()).concat(''))} order by created_at`,
    erase: async (tx, s) =>
      (
        await tx`
          update payment_orders set buyer_email = 'erased-order-' || id || '@erased.invalid', buyer_name = null, greeting_name = ''
          where lower(buyer_email) in ${tx(s.provenEmails.map((e) => e.toLowerCase()).concat(''))}`
      ).count,
  },
};
