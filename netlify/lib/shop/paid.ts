/**
 * The course purpose (README, Adding something payable): what a paid course order records,
 * called by the payments core's record step inside the ledger's transaction with the ledger row
 * locked: the purchase, once, and who bought what. A second payment for a course the learner
 * already owns, or one whose code use was no longer held, is kept as 'duplicate' and refunded by
 * the payments core's one sweep.
 */
import { isUniqueViolation, type Tx, log, siteUrl } from '../platform/index.ts';
import { courseDuplicatePaymentEmail, courseDuplicateRefundedEmail, courseReceiptEmail } from './emails.ts';
import { definePurpose, type CapturedPayment, type CaptureRefusal, type GatewayPayment } from '../payments/handlers.ts';

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
  return {
    buyer: {
      name: [account?.first_name, account?.last_name].filter(Boolean).join(' ') || order.email,
      email: order.email,
      stateCode: order.buyer_state_code,
      gstin: order.buyer_gstin,
      businessName: order.buyer_business_name,
    },
    greetingName: firstName,
    item: title,
    accountId: order.account_id,
    registrationId: null,
    description: `Course: ${title}`,
    amountPaise,
    invoice: status === 'paid',
    receipt: (invoice) => (status === 'paid' ? courseReceiptEmail({ ...facts, invoice }) : courseDuplicatePaymentEmail(facts)),
    tag: status === 'paid' ? 'course-receipt' : 'course-duplicate-payment',
  };
}

export const coursePurpose = definePurpose({
  id: 'course',
  handler: markCoursePaid,
  wording: {
    refunded: (title) => `your purchase of ${title}`,
    paidFor: (title) => `your payment for ${title}`,
    paid: (title) => `for ${title}`,
    afterFullRefund: (title) => [
      `${title} is no longer in your purchases. You can buy it again at any time.`,
      { link: { label: 'Your purchases', url: siteUrl('/purchases') } },
    ],
    paidTwice: {
      refusal: 'This second payment for a course the learner already owned is refunded in full automatically',
      reason: 'duplicate course purchase',
      refundedEmail: async (_tx, refund) => courseDuplicateRefundedEmail({ ...refund, title: refund.item }),
    },
  },
  // Refunded in full: the course is no longer owned (and may be bought again).
  refundedInFull: async (tx, orderId) =>
    void (await tx`update course_orders set status = 'refunded', updated_at = now() where gateway_order_id = ${orderId} and status = 'paid'`),
});
