/**
 * What a paid course order records (called by the payments core's record step, inside the
 * ledger's transaction, with the ledger row locked): the purchase, once, and who bought what;
 * and the refund of a second payment for a course the learner already owns, or of a payment
 * whose code use was no longer held (the record step's refusal).
 */
import { db, isUniqueViolation, type Tx, currentRequest, log } from '../platform/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { courseDuplicatePaymentEmail, courseDuplicateRefundedEmail, courseReceiptEmail } from './emails.ts';
import {
  codeNotHeldEmail,
  codeRefundedEmail,
  refundClaimedDuplicates,
  type CapturedPayment,
  type CaptureRefusal,
  type GatewayPayment,
} from '../payments/handlers.ts';

type PaidOrderRow = {
  id: string;
  account_id: string;
  course_id: string;
  email: string;
  amount_paise: string;
  status: string;
  buyer_state_code: string | null;
  buyer_gstin: string | null;
  buyer_business_name: string | null;
};

/**
 * Marks the course order paid. A second paid order for a course the learner already owns is
 * kept as 'duplicate' for a refund (the one-purchase index guarantees it): no invoice, since the
 * money goes back. So is an order the record step refuses (its code use was lost), with its reason.
 */
export async function markCoursePaid(
  tx: Tx,
  gatewayOrderId: string,
  payment: GatewayPayment,
  refusal: CaptureRefusal | null,
): Promise<CapturedPayment | null> {
  const [order] = await tx<PaidOrderRow[]>`
    select id, account_id, course_id, email, amount_paise, status, buyer_state_code, buyer_gstin, buyer_business_name
    from course_orders where gateway_order_id = ${gatewayOrderId} for update`;
  if (!order) throw new Error(`Course order ${gatewayOrderId} is in the ledger but has no course_orders row`);
  if (order.status !== 'created') return null;
  let status: 'paid' | 'duplicate' = 'paid';
  const keepForRefund = async () => {
    await tx`update course_orders set status = 'duplicate', payment_id = ${payment.id}, paid_at = now(), updated_at = now(),
               refund_reason = ${refusal?.reason ?? null}
             where id = ${order.id}`;
    // Refunded once this transaction has committed (after the answer); the scheduled run retries.
    currentRequest()?.after(async () => void (await refundDuplicateCoursePayments()));
  };
  if (refusal) {
    status = 'duplicate';
    await keepForRefund();
  } else {
    try {
      await tx.savepoint(
        (sp) => sp`
        update course_orders set status = 'paid', payment_id = ${payment.id}, paid_at = now(), updated_at = now() where id = ${order.id}`,
      );
    } catch (error) {
      if (!isUniqueViolation(error, 'course_orders_one_paid_purchase')) throw error;
      status = 'duplicate';
      await keepForRefund();
      log.warn('course paid twice: refunding the second payment', {
        orderId: gatewayOrderId,
        paymentId: payment.id,
        courseId: order.course_id,
      });
    }
  }
  const [course] = await tx<{ title: string }[]>`select title from courses where id = ${order.course_id}`;
  const [account] = await tx<{ first_name: string; last_name: string }[]>`
    select first_name, last_name from accounts where id = ${order.account_id}`;
  const title = course!.title;
  const firstName = account?.first_name ?? '';
  const amountPaise = Number(order.amount_paise);
  const paidAt = new Date();
  const facts = { firstName, title, amountPaise, orderId: gatewayOrderId, paymentId: payment.id, paidAt };
  const refused = refusal && {
    name: firstName,
    item: title,
    kind: 'course' as const,
    code: refusal.code,
    amountPaise,
    paymentId: payment.id,
  };
  return {
    buyer: {
      name: [account?.first_name, account?.last_name].filter(Boolean).join(' ') || order.email,
      email: order.email,
      stateCode: order.buyer_state_code,
      gstin: order.buyer_gstin,
      businessName: order.buyer_business_name,
    },
    accountId: order.account_id,
    registrationId: null,
    description: `Course: ${title}`,
    amountPaise,
    invoice: status === 'paid',
    receipt: (invoice) =>
      refused
        ? codeNotHeldEmail(refused)
        : status === 'paid'
          ? courseReceiptEmail({ ...facts, invoice })
          : courseDuplicatePaymentEmail(facts),
    tag: refused ? 'code-not-held' : status === 'paid' ? 'course-receipt' : 'course-duplicate-payment',
  };
}

type DuplicateRow = {
  id: string;
  email: string;
  amount_paise: string;
  payment_id: string;
  gateway_order_id: string;
  title: string;
  refund_reason: 'code-not-held' | null;
  discount_code: string | null;
  first_name: string | null;
};
const claimOf = (id: string) => `claim:${id}`;

/**
 * Refunds, through the gateway, every second capture for a course the learner already owns and
 * every capture whose code use was no longer held (a free order, bought with a 100% code, has
 * nothing to refund), records the refund id and emails the learner why. A row is claimed first so
 * two runs never ask twice; a claim left by a run that died is taken over after 10 minutes (the
 * gateway itself refuses to refund one payment twice).
 */
export async function refundDuplicateCoursePayments(limit = 20): Promise<number> {
  const due = await db()<DuplicateRow[]>`
    update course_orders o set refund_id = 'claim:' || o.id, updated_at = now()
    from courses c
    where c.id = o.course_id and o.id in (
      select id from course_orders
      where status = 'duplicate' and amount_paise > 0 and (refund_id is null or (refund_id like 'claim:%' and updated_at < now() - interval '10 minutes'))
      order by paid_at limit ${limit} for update skip locked)
    returning o.id::text as id, o.email, o.amount_paise, o.payment_id, o.gateway_order_id, c.title, o.refund_reason, o.discount_code,
              (select first_name from accounts where id = o.account_id) as first_name`;
  return refundClaimedDuplicates(due, {
    ask: (row) => ({
      orderId: row.gateway_order_id,
      paymentId: row.payment_id,
      amountPaise: Number(row.amount_paise),
      receipt: `course_refund_${row.id}`,
      reason: row.refund_reason === 'code-not-held' ? 'code use no longer held' : 'duplicate course purchase',
    }),
    record: async (tx, row, refundId) => {
      await tx`update course_orders set refund_id = ${refundId}, refunded_at = now(), updated_at = now()
               where id = ${row.id} and refund_id = ${claimOf(row.id)}`;
      const amountPaise = Number(row.amount_paise);
      await enqueueEmail(tx, {
        to: row.email,
        ...(row.refund_reason === 'code-not-held'
          ? codeRefundedEmail({
              name: row.first_name ?? '',
              item: row.title,
              kind: 'course',
              code: row.discount_code ?? '',
              amountPaise,
              paymentId: row.payment_id,
              refundId,
            })
          : courseDuplicateRefundedEmail({ title: row.title, amountPaise, paymentId: row.payment_id, refundId })),
        tag: row.refund_reason === 'code-not-held' ? 'code-refund' : 'course-refund',
      });
    },
    release: async (row) =>
      void (await db()`update course_orders set refund_id = null where id = ${row.id} and refund_id = ${claimOf(row.id)}`),
  });
}
