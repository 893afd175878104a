/**
 * Our refunds' records and their one way from pending to an outcome (`applyGatewayRefund`,
 * `settle`): the credit note, the learner's email and what the purpose ends with a refund in full
 * (a course's purchase) commit with that move. See ./refunds.ts for how refunds are asked for.
 */
import { paiseToRupees } from '../../../../src/shared/money.ts';
import { REFUND_POLICY_DAYS, type RefundDto } from '../../../../src/shared/refund.ts';
import { db, type Db, type Tx, log } from '../../platform/index.ts';
import { invoiceForOrder, issueCreditNote, remainingOnInvoice } from '../../invoices/index.ts';
import { enqueueEmail } from '../../outbox/index.ts';
import { refundProcessedEmail } from './emails.ts';
import type { GatewayRefund } from '../gateway/types.ts';
import { PURPOSES } from '../completions.ts';
import type { Purpose } from '../purpose.ts';

export type RefundRow = {
  id: string;
  order_id: string;
  payment_id: string;
  amount_paise: string;
  reason: string;
  status: 'pending' | 'processed' | 'failed';
  outside_policy: boolean;
  requested_by: string;
  requested_by_email?: string | null;
  gateway_refund_id: string | null;
  failure_reason: string | null;
  credit_note_id: string | null;
  created_at: Date;
  processed_at: Date | null;
};

export const COLUMNS =
  'id, order_id, payment_id, amount_paise, reason, status, outside_policy, requested_by, gateway_refund_id, failure_reason, credit_note_id, created_at, processed_at';

export function toRefundDto(row: RefundRow): RefundDto {
  return {
    id: row.id,
    orderId: row.order_id,
    paymentId: row.payment_id,
    amount: paiseToRupees(Number(row.amount_paise)),
    reason: row.reason,
    status: row.status,
    outsidePolicy: row.outside_policy,
    requestedBy: row.requested_by_email ?? row.requested_by,
    gatewayRefundId: row.gateway_refund_id,
    failureReason: row.failure_reason,
    creditNoteId: row.credit_note_id,
    createdAt: new Date(row.created_at).toISOString(),
    processedAt: row.processed_at ? new Date(row.processed_at).toISOString() : null,
  };
}

/** Who paid for an order and for what, from the ledger (the learner's email and the refund form use it). */
export type Payer = {
  kind: Purpose;
  email: string;
  /** The name the emails greet ('' for none). */
  name: string;
  item: string;
  /** True for a capture that is refunded automatically (a course already owned, a part already paid, or a code use no longer held). */
  duplicate: boolean;
  /** Why a duplicate is refunded: null = already paid, 'code-not-held' = its code use was lost. */
  refundReason: string | null;
};

export async function payerOf(tx: Db, orderId: string): Promise<Payer | undefined> {
  const [row] = await tx<
    {
      purpose: Purpose;
      buyer_email: string;
      greeting_name: string | null;
      item: string;
      capture_outcome: string;
      refund_reason: string | null;
    }[]
  >`
    select purpose, buyer_email, greeting_name, item, capture_outcome, refund_reason from payment_orders
    where id = ${orderId} and capture_outcome is not null`;
  if (!row) return undefined;
  return {
    kind: row.purpose,
    email: row.buyer_email,
    name: row.greeting_name ?? '',
    item: row.item,
    duplicate: row.capture_outcome === 'duplicate',
    refundReason: row.refund_reason,
  };
}

const withinPolicy = (paidAt: Date, now = Date.now()) => now - new Date(paidAt).getTime() <= REFUND_POLICY_DAYS * 86_400_000;
export { withinPolicy };

type Outcome = { status: 'processed'; gatewayRefundId: string } | { status: 'failed'; failureReason: string; gatewayRefundId?: string };

/**
 * What the gateway says about a refund, from the webhook, the re-check, an owner's check or the
 * create call's answer. Finds our refund by the gateway's id, else by the receipt (our id: the
 * webhook can arrive before the create call's answer was saved). A refund that is not ours (the
 * automatic duplicate refunds) answers undefined. Moves a pending refund once; repeats are no-ops.
 */
export async function applyGatewayRefund(
  refund: GatewayRefund,
  by: 'webhook' | 'recheck' | 'admin',
  tx?: Tx,
): Promise<RefundRow | undefined> {
  const work = async (t: Tx): Promise<RefundRow | undefined> => {
    const [row] = await t<RefundRow[]>`
      select ${t.unsafe(COLUMNS)} from refunds
      where gateway_refund_id = ${refund.id} or (gateway_refund_id is null and id = ${refund.receipt ?? ''})
      limit 1 for update`;
    if (!row) return undefined;
    if (row.payment_id !== refund.paymentId || Number(row.amount_paise) !== refund.amountPaise) {
      log.error('gateway refund does not match ours', { refundId: row.id, gatewayRefundId: refund.id, by });
      return row;
    }
    if (!row.gateway_refund_id) await t`update refunds set gateway_refund_id = ${refund.id}, updated_at = now() where id = ${row.id}`;
    if (row.status !== 'pending' || refund.status === 'pending') {
      const [fresh] = await t<RefundRow[]>`select ${t.unsafe(COLUMNS)} from refunds where id = ${row.id}`;
      return fresh;
    }
    return settle(
      t,
      row.id,
      refund.status === 'processed'
        ? { status: 'processed', gatewayRefundId: refund.id }
        : { status: 'failed', failureReason: 'The bank or the payment provider could not complete the refund', gatewayRefundId: refund.id },
      by,
    );
  };
  return tx ? work(tx) : db().begin(work);
}

/** Moves a pending refund to its outcome (once) with everything that goes with it. */
export async function settle(tx: Tx, refundId: string, outcome: Outcome, by = 'admin'): Promise<RefundRow | undefined> {
  const [row] =
    outcome.status === 'processed'
      ? await tx<RefundRow[]>`
          update refunds set status = 'processed', processed_at = now(), updated_at = now(),
                 gateway_refund_id = coalesce(gateway_refund_id, ${outcome.gatewayRefundId})
          where id = ${refundId} and status = 'pending' returning ${tx.unsafe(COLUMNS)}`
      : await tx<RefundRow[]>`
          update refunds set status = 'failed', failed_at = now(), updated_at = now(), failure_reason = ${outcome.failureReason.slice(0, 500)},
                 gateway_refund_id = coalesce(gateway_refund_id, ${outcome.gatewayRefundId ?? null})
          where id = ${refundId} and status = 'pending' returning ${tx.unsafe(COLUMNS)}`;
  if (!row) return undefined;
  log.info('refund settled', { refundId, status: row.status, by });
  if (row.status === 'processed') return processed(tx, row);
  return row;
}

async function processed(tx: Tx, row: RefundRow): Promise<RefundRow> {
  const [order] = await tx<{ amount_paise: string }[]>`select amount_paise from payment_orders where id = ${row.order_id}`;
  const paid = Number(order!.amount_paise);
  const [sum] = await tx<{ done: string }[]>`
    select coalesce(sum(amount_paise), 0) as done from refunds where order_id = ${row.order_id} and status = 'processed'`;
  const full = Number(sum!.done) >= paid;
  const payer = await payerOf(tx, row.order_id);
  const purpose = payer && PURPOSES[payer.kind];
  if (full) await purpose?.refundedInFull?.(tx, row.order_id);
  const creditNote = await creditNoteFor(tx, row);
  if (creditNote) await tx`update refunds set credit_note_id = ${creditNote.id} where id = ${row.id}`;
  if (payer && purpose) {
    const email = refundProcessedEmail({
      name: payer.name,
      item: payer.item,
      wording: purpose.wording,
      amountPaise: Number(row.amount_paise),
      paidPaise: paid,
      full,
      paymentId: row.payment_id,
      refundId: row.gateway_refund_id ?? row.id,
      creditNote,
    });
    await enqueueEmail(tx, { to: payer.email, ...email, tag: 'refund-processed' });
  }
  return { ...row, credit_note_id: creditNote?.id ?? row.credit_note_id };
}

/**
 * The credit note against the payment's invoice, in the refund's transaction. A payment made
 * before invoices existed has none. What is left on the invoice bounds it (it always covers a
 * refund: both are bounded by the same payment); the reason is printed on one line.
 */
async function creditNoteFor(tx: Tx, row: RefundRow): Promise<{ id: string; number: string; url: string } | null> {
  const invoice = await invoiceForOrder(tx, row.order_id);
  if (!invoice) return null;
  const { leftPaise } = await remainingOnInvoice(tx, invoice.id);
  const amountPaise = Math.min(Number(row.amount_paise), leftPaise);
  if (amountPaise !== Number(row.amount_paise)) log.error('refund exceeds what is left on its invoice', { refundId: row.id, leftPaise });
  if (amountPaise <= 0) return null;
  const reason = `Refund ${row.gateway_refund_id ?? row.id}: ${row.reason.replace(/\s+/g, ' ').trim()}`.slice(0, 500);
  const note = await issueCreditNote(tx, { invoiceId: invoice.id, amountPaise, reason });
  return { id: note.id, number: note.number, url: note.pdfUrl };
}

/** What the gateway has refunded (processed) of each of these orders, in paise: for screens that show payments. */
export async function refundedByOrder(tx: Db, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx<{ order_id: string; refunded: string }[]>`
    select order_id, sum(amount_paise) as refunded from refunds
    where order_id in ${tx(orderIds)} and status = 'processed' group by order_id`;
  return new Map(rows.map((r) => [r.order_id, Number(r.refunded)]));
}
