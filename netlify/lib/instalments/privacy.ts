/**
 * Fee plans in the privacy catalog (privacy/catalogue.ts spreads these in): a learner's
 * enrolments and part payments are payment records, kept (tax law) with the email replaced.
 */
import type { TableCoverage } from '../privacy/types.ts';

const ids = (accountIds: string[]) => accountIds.concat('');

export const PLAN_DATA: Record<string, TableCoverage> = {
  instalment_plans: {
    label: 'feePlans',
    // Plans the school offers: a name of a plan, nothing about a person.
    export: async () => [],
    erase: { keep: 'fee plans the school offers; no personal data' },
  },
  plan_enrolments: {
    label: 'feePlanEnrolments',
    export: (tx, s) => tx`
      select e.id, p.name as plan, e.email, e.discount_code, e.list_paise, e.discount_paise, e.status, e.created_at, e.completed_at
      from plan_enrolments e join instalment_plans p on p.id = e.plan_id
      where e.account_id in ${tx(ids(s.accountIds))} order by e.created_at`,
    // Kept (tax law: its parts were invoiced); the email is replaced.
    erase: async (tx, s) =>
      (
        await tx`update plan_enrolments set email = 'erased-enrolment-' || id || '@erased.invalid'
                 where account_id in ${tx(ids(s.accountIds))}`
      ).count,
  },
  instalment_payments: {
    label: 'feePlanPayments',
    export: (tx, s) => tx`
      select ip.order_id, p.label as part, ip.amount_paise, ip.status, ip.payment_id, ip.paid_at, ip.buyer_state_code,
             ip.buyer_gstin, ip.buyer_business_name, o.duplicate_refund_id as refund_id, o.duplicate_refunded_at as refunded_at, ip.created_at
      from instalment_payments ip join enrolment_parts p on p.id = ip.part_id join plan_enrolments e on e.id = p.enrolment_id
      left join payment_orders o on o.id = ip.order_id
      where e.account_id in ${tx(ids(s.accountIds))} order by ip.created_at`,
    erase: { keep: 'payment records with the tax details of their invoices (tax law)' },
  },
};
