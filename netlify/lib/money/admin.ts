/**
 * The owners' money view: every captured payment of every purpose (registration fees, course
 * purchases, fee plan parts), read from the payment ledger alone, with its refunds; totals per
 * month; and the tax documents (invoices, credit notes) for the accountant.
 * Days and months are India's (IST, see ./money-range.ts).
 */
import { paiseToRupees } from '../../../src/shared/money.ts';
import type { MoneyFilter, MoneyPaymentDto, MoneyView, MonthTotal, PaymentPurpose } from '../../../src/shared/money-view.ts';
import { db } from '../platform/index.ts';
import { listDocuments } from './documents.ts';
import { istMonth, istRange } from './range.ts';
import { toRefundDto, withinPolicy, type RefundRow } from '../payments/index.ts';

/** At most this many payments in one view (newest first); narrow the dates for older ones. */
export const MONEY_VIEW_LIMIT = 1000;

type PaymentRow = {
  order_id: string;
  payment_id: string;
  purpose: PaymentPurpose;
  amount_paise: string;
  paid_at: Date;
  item: string | null;
  buyer_name: string | null;
  buyer_email: string | null;
  capture_outcome: string | null;
  duplicate_refund_id: string | null;
  discount_code: string | null;
};

export async function listPayments(filter: MoneyFilter): Promise<MoneyPaymentDto[]> {
  const { start, end } = istRange(filter);
  const sql = db();
  // Who paid for what and how the capture ended: the ledger's own snapshot, whatever the purpose.
  const rows = await sql<PaymentRow[]>`
    select o.id as order_id, o.payment_id, o.purpose, o.amount_paise, o.paid_at, o.item, o.buyer_name, o.buyer_email,
           o.capture_outcome, o.duplicate_refund_id, inv.discount_code
    from payment_orders o
    left join invoices inv on inv.order_id = o.id
    where o.status = 'paid'
      ${start ? sql`and o.paid_at >= ${start}` : sql``}
      ${end ? sql`and o.paid_at < ${end}` : sql``}
      ${filter.kind ? sql`and o.purpose = ${filter.kind}` : sql``}
    order by o.paid_at desc, o.id desc
    limit ${MONEY_VIEW_LIMIT}`;
  const ids = rows.map((r) => r.order_id);
  const refunds = ids.length
    ? await sql<(RefundRow & { requested_by_email: string | null })[]>`
        select f.id, f.order_id, f.payment_id, f.amount_paise, f.reason, f.status, f.outside_policy, f.requested_by,
               a.email as requested_by_email, f.gateway_refund_id, f.failure_reason, f.credit_note_id, f.created_at, f.processed_at
        from refunds f left join accounts a on a.id = f.requested_by
        where f.order_id in ${sql(ids)} order by f.created_at`
    : [];
  const invoices = await invoicesByOrder(ids);
  const byOrder = Map.groupBy(refunds, (r) => r.order_id);
  const payments = rows.map((row): MoneyPaymentDto => {
    const mine = byOrder.get(row.order_id) ?? [];
    const paid = Number(row.amount_paise);
    const sum = (status: string) => mine.filter((r) => r.status === status).reduce((s, r) => s + Number(r.amount_paise), 0);
    let refunded = sum('processed');
    let pending = sum('pending');
    // A second capture for a course already owned or a part already paid, or a capture whose code
    // use was no longer held, is refunded in full automatically.
    const duplicate = row.capture_outcome === 'duplicate';
    if (duplicate) {
      const refundId = row.duplicate_refund_id;
      const done = !!refundId && !refundId.startsWith('claim:');
      refunded = done ? paid : 0;
      pending = done ? 0 : paid;
    }
    const status: MoneyPaymentDto['status'] =
      refunded >= paid
        ? 'refunded'
        : pending > 0
          ? 'refund-pending'
          : refunded > 0
            ? 'partially-refunded'
            : mine.some((r) => r.status === 'failed')
              ? 'refund-failed'
              : 'captured';
    return {
      orderId: row.order_id,
      paymentId: row.payment_id,
      kind: row.purpose,
      item: row.item ?? row.purpose,
      discountCode: row.discount_code,
      buyer: row.buyer_name ?? '',
      email: row.buyer_email ?? '',
      paidAt: new Date(row.paid_at).toISOString(),
      amount: paiseToRupees(paid),
      refunded: paiseToRupees(refunded),
      refundPending: paiseToRupees(pending),
      refundable: duplicate ? 0 : paiseToRupees(Math.max(0, paid - refunded - pending)),
      status,
      withinPolicy: withinPolicy(row.paid_at),
      invoice: invoices.get(row.order_id) ?? null,
      refunds: mine.map(toRefundDto),
    };
  });
  return filter.status ? payments.filter((p) => p.status === filter.status) : payments;
}

/** The invoice of each order, when invoices exist for it. */
async function invoicesByOrder(orderIds: string[]): Promise<Map<string, { id: string; number: string }>> {
  const documents = orderIds.length ? await listDocuments({}, orderIds) : [];
  return new Map(documents.filter((d) => d.kind === 'invoice').map((d) => [d.orderId, { id: d.id, number: d.number }]));
}

/** Per month (IST): payments by the month they were captured, refunds by the month they were processed. */
export function monthlyTotals(payments: MoneyPaymentDto[]): MonthTotal[] {
  const months = new Map<string, { payments: number; count: number; refunded: number }>();
  const at = (month: string) => {
    let m = months.get(month);
    if (!m) months.set(month, (m = { payments: 0, count: 0, refunded: 0 }));
    return m;
  };
  for (const p of payments) {
    const m = at(istMonth(p.paidAt));
    m.payments += Math.round(p.amount * 100);
    m.count++;
    for (const r of p.refunds)
      if (r.status === 'processed' && r.processedAt) at(istMonth(r.processedAt)).refunded += Math.round(r.amount * 100);
    if (p.refunds.length === 0 && p.status === 'refunded') m.refunded += Math.round(p.refunded * 100);
  }
  return [...months.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, m]) => ({
      month,
      payments: paiseToRupees(m.payments),
      count: m.count,
      refunded: paiseToRupees(m.refunded),
      net: paiseToRupees(m.payments - m.refunded),
    }));
}

export async function moneyView(filter: MoneyFilter): Promise<MoneyView> {
  const payments = await listPayments(filter);
  const documents = await listDocuments(filter);
  return { payments, months: monthlyTotals(payments), documents };
}
