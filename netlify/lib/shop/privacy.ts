/**
 * Course orders in the privacy catalogue: kept for tax law, the email replaced.
 */
import type { TableCoverage } from '../privacy/types.ts';

/** Course orders. */
export const ORDER_DATA: Record<string, TableCoverage> = {
  course_orders: {
    label: 'courseOrders',
    export: (tx, s) => tx`
      select o.id, o.course_id, c.title as course, o.email, o.gateway_order_id, o.amount_paise, o.currency, o.status,
             o.payment_id, o.paid_at, p.duplicate_refund_id as refund_id, p.duplicate_refunded_at as refunded_at, o.created_at
      from course_orders o join courses c on c.id = o.course_id left join payment_orders p on p.id = o.gateway_order_id
      where o.account_id in ${tx(s.accountIds.concat(''))} order by o.created_at`,
    // Kept (tax law) with the buyer's name; the email is replaced.
    erase: async (tx, s) =>
      (
        await tx`
          update course_orders o set
            buyer_name = coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), o.buyer_name),
            email = 'erased-order-' || o.id || '@erased.invalid', updated_at = now()
          from accounts a
          where a.id = o.account_id and a.id in ${tx(s.accountIds.concat(''))}`
      ).count,
  },
};
