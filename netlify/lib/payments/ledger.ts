/**
 * What the ledger tells the domains that report on money, so none reads the payments' tables: the
 * captures of a period with who paid for what and their refunds (the owners' money view), and a
 * day's recorded captures and refunds (the reconciliation with the gateway).
 */
import type { PageRequest } from '../../../src/shared/paging.ts';
import { db, keysetPage, pageOf, type KeysetList } from '../platform/index.ts';
import type { Purpose } from './purpose.ts';
import { COLUMNS, type RefundRow } from './refunds/records.ts';

export type LedgerPayment = {
  orderId: string;
  paymentId: string;
  purpose: Purpose;
  amountPaise: number;
  paidAt: Date;
  item: string | null;
  buyerName: string | null;
  buyerEmail: string | null;
  /** The capture buys nothing and is refunded automatically; `refunded` once the gateway took it. */
  duplicate: { refunded: boolean } | null;
};

type LedgerRow = {
  id: string;
  payment_id: string;
  purpose: Purpose;
  amount_paise: string;
  paid_at: Date;
  item: string | null;
  buyer_name: string | null;
  buyer_email: string | null;
  capture_outcome: string | null;
  duplicate_refund_id: string | null;
};

/** Captured payments, newest first, paid within [start, end) when given. */
export async function capturedPayments(filter: { start?: Date; end?: Date; purpose?: Purpose; limit: number }): Promise<LedgerPayment[]> {
  const sql = db();
  const rows = await sql<LedgerRow[]>`
    select id, payment_id, purpose, amount_paise, paid_at, item, buyer_name, buyer_email, capture_outcome, duplicate_refund_id
    from payment_orders
    where status = 'paid'
      ${filter.start ? sql`and paid_at >= ${filter.start}` : sql``}
      ${filter.end ? sql`and paid_at < ${filter.end}` : sql``}
      ${filter.purpose ? sql`and purpose = ${filter.purpose}` : sql``}
    order by paid_at desc, id desc
    limit ${filter.limit}`;
  return rows.map(toLedgerPayment);
}

/** The owners' money list: captured payments by when paid or by amount, then id (index `payment_orders_*_paging`). */
const CAPTURED_LIST: KeysetList<'time' | 'amount'> = {
  name: 'money',
  sorts: { time: { expr: 'o.paid_at', type: 'timestamptz' }, amount: { expr: 'o.amount_paise', type: 'bigint' } },
  keys: [{ expr: 'o.id', type: 'text' }],
  sort: 'time',
  dir: 'desc',
};

/** One keyset page of captured payments paid within [start, end) when given. */
export async function capturedPaymentsPage(
  filter: { start?: Date; end?: Date; purpose?: Purpose },
  request: PageRequest<'time' | 'amount'>,
): Promise<{ rows: LedgerPayment[]; next: string | null }> {
  const sql = db();
  const plan = keysetPage(sql, CAPTURED_LIST, request);
  const rows = await sql<LedgerRow[]>`
    select o.id, o.payment_id, o.purpose, o.amount_paise, o.paid_at, o.item, o.buyer_name, o.buyer_email,
           o.capture_outcome, o.duplicate_refund_id, ${plan.select}
    from payment_orders o
    where o.status = 'paid'
      ${filter.start ? sql`and o.paid_at >= ${filter.start}` : sql``}
      ${filter.end ? sql`and o.paid_at < ${filter.end}` : sql``}
      ${filter.purpose ? sql`and o.purpose = ${filter.purpose}` : sql``}
      and ${plan.seek}
    order by ${plan.order}
    limit ${plan.fetch}`;
  const page = pageOf(rows, plan);
  return { rows: page.rows.map(toLedgerPayment), next: page.next };
}

function toLedgerPayment(row: LedgerRow): LedgerPayment {
  return {
    orderId: row.id,
    paymentId: row.payment_id,
    purpose: row.purpose,
    amountPaise: Number(row.amount_paise),
    paidAt: row.paid_at,
    item: row.item,
    buyerName: row.buyer_name,
    buyerEmail: row.buyer_email,
    duplicate:
      row.capture_outcome === 'duplicate' ? { refunded: !!row.duplicate_refund_id && !row.duplicate_refund_id.startsWith('claim:') } : null,
  };
}

/** The refunds owners asked for on these orders, oldest first. */
export async function refundsOfOrders(orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  const sql = db();
  return sql<RefundRow[]>`select ${sql.unsafe(COLUMNS)} from refunds where order_id in ${sql(orderIds)} order by created_at`;
}

export type RecordedCapture = { paymentId: string; amountPaise: number; inDay: boolean };
export type RecordedRefundRow = {
  refundId: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed' | 'requested';
  inDay: boolean;
};

/**
 * Our side of one day's books for one gateway mode: the captures paid within [from, to) or
 * among `paymentIds`, and the refunds asked within it or among `refundIds` (owners' refunds, and
 * the automatic refunds of duplicate captures, as 'requested').
 */
export async function recordedBooks(
  mode: string,
  day: { from: Date; to: Date },
  listed: { paymentIds: string[]; refundIds: string[] },
): Promise<{ captures: RecordedCapture[]; refunds: RecordedRefundRow[] }> {
  const sql = db();
  const { from, to } = day;
  const paymentIds = listed.paymentIds.concat('');
  const refundIds = listed.refundIds.concat('');
  const captures = await sql<{ payment_id: string; amount_paise: string; in_day: boolean }[]>`
    select payment_id, amount_paise, (paid_at >= ${from} and paid_at < ${to}) as in_day from payment_orders
    where status = 'paid' and gateway = ${mode} and ((paid_at >= ${from} and paid_at < ${to}) or payment_id in ${sql(paymentIds)})`;
  const refunds = await sql<
    { refund_id: string; payment_id: string; amount_paise: string; status: RecordedRefundRow['status']; in_day: boolean }[]
  >`
    select f.gateway_refund_id as refund_id, f.payment_id, f.amount_paise, f.status, (f.created_at >= ${from} and f.created_at < ${to}) as in_day
    from refunds f join payment_orders o on o.id = f.order_id
    where o.gateway = ${mode} and f.gateway_refund_id is not null
      and ((f.created_at >= ${from} and f.created_at < ${to}) or f.gateway_refund_id in ${sql(refundIds)})
    union all
    select o.duplicate_refund_id, o.payment_id, o.amount_paise, 'requested',
           (o.duplicate_refunded_at >= ${from} and o.duplicate_refunded_at < ${to})
    from payment_orders o
    where o.gateway = ${mode} and o.duplicate_refund_id is not null and o.duplicate_refund_id not like 'claim:%'
      and ((o.duplicate_refunded_at >= ${from} and o.duplicate_refunded_at < ${to}) or o.duplicate_refund_id in ${sql(refundIds)})`;
  return {
    captures: captures.map((c) => ({ paymentId: c.payment_id, amountPaise: Number(c.amount_paise), inDay: c.in_day })),
    refunds: refunds.map((r) => ({
      refundId: r.refund_id,
      paymentId: r.payment_id,
      amountPaise: Number(r.amount_paise),
      status: r.status,
      inDay: r.in_day,
    })),
  };
}
