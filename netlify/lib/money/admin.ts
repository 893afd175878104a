/**
 * The owners' money view: every captured payment of every purpose (registration fees, course
 * purchases, fee plan parts), read from the payment ledger alone, with its refunds; totals per
 * month; and the tax documents (invoices, credit notes) for the accountant.
 * Days and months are India's (IST, see ./money-range.ts).
 */
import { paiseToRupees } from '../../../src/shared/money.ts';
import type { MoneyFilter, MoneyPaymentDto, MoneyView, MonthTotal } from '../../../src/shared/money-view.ts';
import { db } from '../platform/index.ts';
import { listDocuments } from './documents.ts';
import { istMonth, istRange } from './range.ts';
import { capturedPayments, refundsOfOrders, toRefundDto, withinPolicy, type LedgerPayment, type RefundRow } from '../payments/index.ts';

/** At most this many payments in one view (newest first); narrow the dates for older ones. */
export const MONEY_VIEW_LIMIT = 1000;

export async function listPayments(filter: MoneyFilter): Promise<MoneyPaymentDto[]> {
  const { start, end } = istRange(filter);
  // Who paid for what and how the capture ended: the ledger's own record, whatever the purpose.
  const rows = await capturedPayments({
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
    ...(filter.kind ? { purpose: filter.kind } : {}),
    limit: MONEY_VIEW_LIMIT,
  });
  const payments = await withRefunds(rows);
  return filter.status ? payments.filter((p) => p.status === filter.status) : payments;
}

/** The ledger's captures as the owner sees them: with refunds, status, invoice and code. */
export async function withRefunds(rows: LedgerPayment[]): Promise<MoneyPaymentDto[]> {
  const ids = rows.map((r) => r.orderId);
  const refunds = await withRequesterEmails(await refundsOfOrders(ids));
  const invoices = await invoicesByOrder(ids);
  const codes = await codesByOrder(ids);
  const byOrder = Map.groupBy(refunds, (r) => r.order_id);
  return rows.map((row): MoneyPaymentDto => {
    const mine = byOrder.get(row.orderId) ?? [];
    const paid = row.amountPaise;
    const sum = (status: string) => mine.filter((r) => r.status === status).reduce((s, r) => s + Number(r.amount_paise), 0);
    let refunded = sum('processed');
    let pending = sum('pending');
    // A second capture for a course already owned or a part already paid, or a capture whose code
    // use was no longer held, is refunded in full automatically.
    if (row.duplicate) {
      refunded = row.duplicate.refunded ? paid : 0;
      pending = row.duplicate.refunded ? 0 : paid;
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
      orderId: row.orderId,
      paymentId: row.paymentId,
      kind: row.purpose,
      item: row.item ?? row.purpose,
      discountCode: codes.get(row.orderId) ?? null,
      buyer: row.buyerName ?? '',
      email: row.buyerEmail ?? '',
      paidAt: new Date(row.paidAt).toISOString(),
      amount: paiseToRupees(paid),
      refunded: paiseToRupees(refunded),
      refundPending: paiseToRupees(pending),
      refundable: row.duplicate ? 0 : paiseToRupees(Math.max(0, paid - refunded - pending)),
      status,
      withinPolicy: withinPolicy(row.paidAt),
      invoice: invoices.get(row.orderId) ?? null,
      refunds: mine.map(toRefundDto),
    };
  });
}

/** The invoice of each order, when invoices exist for it. */
async function invoicesByOrder(orderIds: string[]): Promise<Map<string, { id: string; number: string }>> {
  const documents = orderIds.length ? await listDocuments({}, orderIds) : [];
  return new Map(documents.filter((d) => d.kind === 'invoice').map((d) => [d.orderId, { id: d.id, number: d.number }]));
}

/** The discount or scholarship code printed on each order's invoice. */
async function codesByOrder(orderIds: string[]): Promise<Map<string, string | null>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db()<{ order_id: string; discount_code: string | null }[]>`
    select order_id, discount_code from invoices where order_id in ${db()(orderIds)}`;
  return new Map(rows.map((r) => [r.order_id, r.discount_code]));
}

/** Who asked for each refund, by email (the team's accounts). */
async function withRequesterEmails(refunds: RefundRow[]): Promise<RefundRow[]> {
  const ids = [...new Set(refunds.map((r) => r.requested_by))];
  if (ids.length === 0) return refunds;
  const rows = await db()<{ id: string; email: string }[]>`select id, email from accounts where id in ${db()(ids)}`;
  const emailOf = new Map(rows.map((a) => [a.id, a.email]));
  return refunds.map((r) => ({ ...r, requested_by_email: emailOf.get(r.requested_by) ?? null }));
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
