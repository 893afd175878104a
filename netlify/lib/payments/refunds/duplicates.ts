/**
 * The loop every "second capture" sweep shares (a course already owned, a fee plan part already
 * paid): the domain claims its rows (`refund_id = 'claim:…'`, so two runs never ask twice), then for
 * each one the whole capture is refunded through the gateway, and the refund id and the buyer's
 * email are recorded in one transaction. A failure gives the claim back for the next scheduled run
 * (the gateway itself refuses to refund one payment twice).
 */
import { db, type Tx, log } from '../../platform/index.ts';
import { gateway } from '../gateway/index.ts';

export type DuplicateRefund = { orderId: string; paymentId: string; amountPaise: number; receipt: string; reason: string };

export async function refundClaimedDuplicates<Row>(
  rows: Row[],
  steps: {
    /** What the gateway is asked to refund for this row. */
    ask: (row: Row) => DuplicateRefund;
    /** Stores the refund id on the row (only while the claim is still ours) and writes the email. */
    record: (tx: Tx, row: Row, refundId: string) => Promise<void>;
    /** Gives the claim back after a failure. */
    release: (row: Row) => Promise<void>;
  },
): Promise<number> {
  let refunded = 0;
  for (const row of rows) {
    const ask = steps.ask(row);
    try {
      const refund = await gateway().refundPayment(ask.paymentId, {
        amountPaise: ask.amountPaise,
        receipt: ask.receipt.slice(0, 40),
        notes: { reason: ask.reason, order: ask.orderId },
      });
      await db().begin((tx) => steps.record(tx, row, refund.id));
      log.info('duplicate payment refunded', { orderId: ask.orderId, paymentId: ask.paymentId, refundId: refund.id, reason: ask.reason });
      refunded++;
    } catch (error) {
      await steps.release(row);
      log.error('duplicate payment refund failed: retried by the scheduled run', { orderId: ask.orderId, paymentId: ask.paymentId, error });
    }
  }
  return refunded;
}
