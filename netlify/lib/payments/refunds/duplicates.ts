/**
 * The one sweep that refunds every capture the ledger keeps as 'duplicate' (a course already
 * owned, a part already paid, a capture refused for its code), whatever its purpose. A row is
 * claimed first (`duplicate_refund_id = 'claim:…'`, so two runs never ask twice; a claim left by a
 * run that died is taken over after 10 minutes), the whole capture is refunded through the gateway,
 * and the refund id and the buyer's email are recorded in one transaction. A failure gives the
 * claim back for the next scheduled run (the gateway itself refuses to refund one payment twice).
 */
import { db, log } from '../../platform/index.ts';
import { enqueueEmail } from '../../outbox/index.ts';
import { gateway } from '../gateway/index.ts';
import type { Purpose, PurposeDefinition } from '../purpose.ts';
import { codeRefundedEmail } from './emails.ts';

type DuplicateRow = {
  id: string;
  purpose: Purpose;
  amount_paise: string;
  payment_id: string;
  refund_reason: 'code-not-held' | null;
  refused_code: string | null;
  buyer_email: string;
  greeting_name: string | null;
  item: string;
};

const claimOf = (orderId: string) => `claim:${orderId}`;

export async function refundDuplicateCaptures(purposes: Record<Purpose, PurposeDefinition>, limit = 20): Promise<number> {
  const due = await db()<DuplicateRow[]>`
    update payment_orders set duplicate_refund_id = 'claim:' || id, duplicate_claimed_at = now()
    where id in (
      select id from payment_orders
      where capture_outcome = 'duplicate' and amount_paise > 0
        and (duplicate_refund_id is null or (duplicate_refund_id like 'claim:%' and duplicate_claimed_at < now() - interval '10 minutes'))
      order by paid_at limit ${limit} for update skip locked)
    returning id, purpose, amount_paise, payment_id, refund_reason, refused_code, buyer_email, greeting_name, item`;
  let refunded = 0;
  for (const row of due) {
    const purpose = purposes[row.purpose];
    const amountPaise = Number(row.amount_paise);
    const paidTwice = row.refund_reason === 'code-not-held' ? undefined : purpose.wording.paidTwice;
    const reason = paidTwice?.reason ?? 'code use no longer held';
    try {
      const refund = await gateway().refundPayment(row.payment_id, {
        amountPaise,
        receipt: `${row.purpose}_refund_${row.id}`.slice(0, 40),
        notes: { reason, order: row.id },
      });
      await db().begin(async (tx) => {
        await tx`update payment_orders set duplicate_refund_id = ${refund.id}, duplicate_refunded_at = now()
                 where id = ${row.id} and duplicate_refund_id = ${claimOf(row.id)}`;
        const facts = { orderId: row.id, item: row.item, amountPaise, paymentId: row.payment_id, refundId: refund.id };
        const email = paidTwice
          ? { ...(await paidTwice.refundedEmail(tx, facts)), tag: `${row.purpose}-refund` }
          : {
              ...codeRefundedEmail({ ...facts, name: row.greeting_name ?? '', wording: purpose.wording, code: row.refused_code ?? '' }),
              tag: 'code-refund',
            };
        await enqueueEmail(tx, { to: row.buyer_email, ...email });
      });
      log.info('duplicate payment refunded', { orderId: row.id, paymentId: row.payment_id, refundId: refund.id, reason });
      refunded++;
    } catch (error) {
      await db()`update payment_orders set duplicate_refund_id = null where id = ${row.id} and duplicate_refund_id = ${claimOf(row.id)}`;
      log.error('duplicate payment refund failed: retried by the scheduled run', { orderId: row.id, paymentId: row.payment_id, error });
    }
  }
  return refunded;
}
