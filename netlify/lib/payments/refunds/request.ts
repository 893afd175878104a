/**
 * Refunds an owner admin asks for: in full or in part, with a reason, through the gateway.
 *
 * Money rule: the refunds of a payment that have not failed never add up to more than it
 * captured. The check and the insert run in one transaction holding the payment's ledger row
 * (`payment_orders ... for update`), so two admins (or two tabs) racing cannot both pass it.
 * A second paid order for a course already owned is refunded automatically (orders.ts) and is
 * never offered here.
 *
 * A refund is 'pending' until the gateway says 'processed' or 'failed': the webhook
 * (refund.processed / refund.failed), the scheduled re-check, or an owner's "Check status" all end
 * in `applyGatewayRefund`, which moves it once; the credit note, the learner's email and (for a
 * course refunded in full) the end of the purchase commit with that move.
 */
import type { z } from 'zod';
import { formatPaise, rupeesToPaise } from '../../../../src/shared/money.ts';
import { OUTSIDE_POLICY, type RefundDto, type refundRequestSchema } from '../../../../src/shared/refund.ts';
import { recordAdminAction, db, isUniqueViolation, HttpError, log, rateLimit } from '../../platform/index.ts';
import type { Session } from '../../auth/index.ts';
import { gateway } from '../gateway/index.ts';
import { RefundRefusedError, type GatewayRefund } from '../gateway/types.ts';
import { applyGatewayRefund, COLUMNS, payerOf, settle, toRefundDto, withinPolicy, type RefundRow } from './records.ts';
import { PURPOSES } from '../completions.ts';

export { applyGatewayRefund, payerOf, toRefundDto, withinPolicy, type RefundRow };

type Ledger = { id: string; amount_paise: string; status: string; payment_id: string | null; paid_at: Date | null };

export type RefundAnswer = { status: 200 | 201 | 202; body: { message: string; refund: RefundDto } };

/**
 * POST /admin/refunds. Answers 201 (asked of the gateway), 202 (the gateway's answer was lost:
 * the re-check finds out) or 200 (this form's key was used already: the same refund). Refuses with
 * 404/409, nothing written: an unknown or unpaid payment, more than is left, outside the policy
 * without the owner's confirmation. A refusal by the gateway is kept as a failed refund (502).
 */
export async function requestRefund(session: Session, input: z.output<typeof refundRequestSchema>): Promise<RefundAnswer> {
  await rateLimit({ bucket: 'admin-refund', key: session.accountId, limit: 60, windowSeconds: 3600 });
  const created = await db().begin(async (tx): Promise<{ row: RefundRow; replay: boolean }> => {
    const [order] = await tx<Ledger[]>`
      select id, amount_paise, status, payment_id, paid_at from payment_orders where id = ${input.orderId} for update`;
    if (!order) throw new HttpError(404, 'orderId: No such payment');
    // After the lock: a double click waits here for the first click's refund, then finds it.
    const [existing] = await tx<RefundRow[]>`select ${tx.unsafe(COLUMNS)} from refunds where idempotency_key = ${input.idempotencyKey}`;
    if (existing) {
      if (existing.order_id !== order.id)
        throw new HttpError(409, 'This refund form was already used for another payment: reload the page');
      return { row: existing, replay: true };
    }
    if (order.status !== 'paid' || !order.payment_id || !order.paid_at)
      throw new HttpError(409, 'This payment was not captured: there is nothing to refund');
    const payer = await payerOf(tx, order.id);
    if (payer?.duplicate)
      throw new HttpError(
        409,
        (payer.refundReason !== 'code-not-held' && PURPOSES[payer.kind].wording.paidTwice?.refusal) ||
          "This payment's code use was no longer held for its order, so it is refunded in full automatically",
      );
    const paid = Number(order.amount_paise);
    if (paid === 0) throw new HttpError(409, 'This order was free (a 100% code): there is no money to refund');
    const [sum] = await tx<{ taken: string }[]>`
      select coalesce(sum(amount_paise), 0) as taken from refunds where order_id = ${order.id} and status <> 'failed'`;
    const taken = Number(sum!.taken);
    const left = paid - taken;
    if (left <= 0) throw new HttpError(409, 'This payment is already refunded in full');
    const amountPaise = input.full ? left : rupeesToPaise(input.amount!);
    if (amountPaise > left)
      throw new HttpError(
        409,
        `amount: The refund can be at most ${formatPaise(left)} (${formatPaise(paid)} paid, ${formatPaise(taken)} refunded or being refunded)`,
      );
    const outside = !withinPolicy(order.paid_at);
    if (outside && !input.confirmOutsidePolicy) throw new HttpError(409, OUTSIDE_POLICY);
    let row: RefundRow | undefined;
    try {
      [row] = await tx.savepoint(
        (sp) => sp<RefundRow[]>`
        insert into refunds (order_id, payment_id, amount_paise, reason, outside_policy, requested_by, idempotency_key)
        values (${order.id}, ${order.payment_id}, ${amountPaise}, ${input.reason}, ${outside}, ${session.accountId}, ${input.idempotencyKey})
        returning ${sp.unsafe(COLUMNS)}`,
      );
    } catch (error) {
      if (isUniqueViolation(error, 'refunds_idempotency_key_key'))
        throw new HttpError(409, 'This refund form was already used for another payment: reload the page');
      throw error;
    }
    await recordAdminAction(tx, {
      actor: { accountId: session.accountId, email: session.email },
      action: 'payment.refund',
      subjectKind: 'payment',
      subjectId: order.id,
      details: { refundId: row!.id, amountPaise, full: amountPaise === left, outsidePolicy: outside, reason: input.reason },
    });
    return { row: row!, replay: false };
  });
  const { row } = created;
  if (created.replay) {
    const message =
      row.status === 'failed'
        ? `This refund was already tried and failed: ${row.failure_reason ?? 'no reason given'}`
        : 'This refund was already made';
    return { status: 200, body: { message, refund: toRefundDto(row) } };
  }
  log.info('refund requested', { refundId: row.id, orderId: row.order_id, amountPaise: Number(row.amount_paise), by: session.accountId });

  let answer: GatewayRefund;
  try {
    answer = await gateway().refundPayment(row.payment_id, {
      amountPaise: Number(row.amount_paise),
      receipt: row.id,
      notes: { refund: row.id, order: row.order_id, reason: row.reason.slice(0, 250) },
    });
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      // Kept as a failed refund (who asked, why, what the gateway said); its amount stays available.
      await db().begin((tx) => settle(tx, row.id, { status: 'failed', failureReason: error.message }));
      throw new HttpError(502, `The payment provider refused the refund: ${error.message}`);
    }
    log.error('refund call failed: the re-check will ask the gateway', { refundId: row.id, error });
    return {
      status: 202,
      body: {
        message: 'The payment provider did not answer. The refund is pending: its status will be checked again.',
        refund: toRefundDto(row),
      },
    };
  }
  // The answer is for the refund we just asked for, whatever it echoes.
  const saved = await applyGatewayRefund({ ...answer, receipt: answer.receipt ?? row.id }, 'admin');
  return {
    status: 201,
    body: {
      message: saved?.status === 'processed' ? 'Refund processed' : 'Refund requested: it completes when the payment provider confirms it',
      refund: toRefundDto(saved ?? row),
    },
  };
}

/**
 * Asks the gateway about one pending refund. Without the gateway's id (the create call's answer
 * was lost) the payment's refunds are searched for our receipt; none after 10 minutes means the
 * gateway never took it: failed, and its amount is available again.
 */
export async function syncRefund(row: Pick<RefundRow, 'id' | 'payment_id' | 'gateway_refund_id' | 'created_at'>, by: 'recheck' | 'admin') {
  const gw = gateway();
  if (row.gateway_refund_id) return applyGatewayRefund(await gw.fetchRefund(row.payment_id, row.gateway_refund_id), by);
  const found = (await gw.fetchPaymentRefunds(row.payment_id)).find((r) => r.receipt === row.id);
  if (found) return applyGatewayRefund(found, by);
  if (Date.now() - new Date(row.created_at).getTime() < 10 * 60_000) return undefined;
  return db().begin((tx) =>
    settle(tx, row.id, { status: 'failed', failureReason: 'The payment provider has no record of this refund' }, by),
  );
}

/** The scheduled re-check: pending refunds not asked about in the last `everyMinutes`. */
export async function recheckPendingRefunds({ everyMinutes = 10, limit = 50 } = {}): Promise<{ checked: number; settled: number }> {
  const due = await db()<RefundRow[]>`
    update refunds set last_checked_at = now()
    where id in (
      select id from refunds
      where status = 'pending' and (last_checked_at is null or last_checked_at <= now() - make_interval(mins => ${everyMinutes}))
      order by created_at limit ${limit} for update skip locked)
    returning id, payment_id, gateway_refund_id, created_at`;
  let settled = 0;
  for (const row of due) {
    try {
      const after = await syncRefund(row, 'recheck');
      if (after && after.status !== 'pending') settled++;
    } catch (error) {
      log.warn('refund re-check failed', { refundId: row.id, error });
    }
  }
  return { checked: due.length, settled };
}

/** POST /admin/refunds/{id}/check: an owner asks the gateway now (no scheduled run locally). */
export async function checkRefund(refundId: string): Promise<RefundDto> {
  const [row] = await db()<RefundRow[]>`select ${db().unsafe(COLUMNS)} from refunds where id = ${refundId}`;
  if (!row) throw new HttpError(404, 'No such refund');
  if (row.status === 'pending') {
    try {
      await syncRefund(row, 'admin');
    } catch (error) {
      if (error instanceof HttpError) throw error;
      log.warn('refund check failed', { refundId, error });
      throw new HttpError(502, 'The payment provider did not answer. Please try again in a minute.');
    }
  }
  const [fresh] = await db()<RefundRow[]>`select ${db().unsafe(COLUMNS)} from refunds where id = ${refundId}`;
  return toRefundDto(fresh!);
}
