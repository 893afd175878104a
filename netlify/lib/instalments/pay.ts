/**
 * Paying one part of a learner's plan: any unpaid part, early allowed, at the SERVER's amount for
 * that part, as its own gateway order (purpose 'instalment'); and verifying the checkout's result.
 * A part's still-open order with the same amount and billing is handed out again rather than
 * opening a second one. The capture itself is recorded by the payments core (./paid.ts).
 */
import type { CheckoutResult } from '../../../src/shared/checkout.ts';
import { CODE_NOT_HELD_REFUNDED } from '../../../src/shared/codes.ts';
import { PAYMENT_SUCCESSFUL } from '../../../src/shared/order.ts';
import type { Session } from '../auth/index.ts';
import { db, HttpError, rateLimit } from '../platform/index.ts';
import { BILLING_STATE_MISSING, billingOf } from '../invoices/index.ts';
import { confirmCheckout, gateway, openOrder, requirePayments, type CheckoutOrder } from '../payments/index.ts';
import { payFreePart } from './enrol.ts';

export const PART_ALREADY_PAID = 'This part is already paid';

export type PartOrderAnswer = CheckoutOrder & {
  part: { id: string; label: string; plan: string };
  prefill: { name: string; email: string };
};

export type PartPaymentAnswer = { message: string; status: 'success' | 'pending'; orderId: string; paymentId: string; partId: string };

type PartRow = { id: string; label: string; plan_name: string; status: 'due' | 'paid'; amount_paise: string };

async function partOf(session: Session, partId: string): Promise<PartRow> {
  const [part] = await db()<PartRow[]>`
    select p.id::text as id, p.label, pl.name as plan_name, p.status, p.amount_paise
    from enrolment_parts p join plan_enrolments e on e.id = p.enrolment_id join instalment_plans pl on pl.id = e.plan_id
    where p.id = ${partId} and e.account_id = ${session.accountId}`;
  if (!part) throw new HttpError(404, 'No such part in your fee plans');
  return part;
}

/**
 * POST /plans/parts/{partId}/order. 201 with the checkout; 200 {free} when a code made the part
 * free (completed now, no gateway); 409 for a paid part; 400 without the billing state.
 */
export async function openPartOrder(
  session: Session,
  partId: string,
): Promise<{ status: 200 | 201; body: PartOrderAnswer | { free: true; orderId: string } }> {
  await rateLimit({ bucket: 'plan-part-order', key: session.accountId, limit: 30, windowSeconds: 3600 });
  const part = await partOf(session, partId);
  if (part.status === 'paid') throw new HttpError(409, PART_ALREADY_PAID);
  const amountPaise = Number(part.amount_paise);
  if (amountPaise === 0) {
    const done = await payFreePart(session.accountId, part.id);
    return { status: 200, body: { free: true, orderId: done.orderId } };
  }
  requirePayments();
  const billing = await billingOf(session.accountId);
  if (!billing.state) throw new HttpError(400, [BILLING_STATE_MISSING]);
  const extra = {
    part: { id: part.id, label: part.label, plan: part.plan_name },
    prefill: { name: [session.firstName, session.lastName].filter(Boolean).join(' '), email: session.email },
  };
  const gw = gateway();
  const [open] = await db()<{ order_id: string }[]>`
    select ip.order_id from instalment_payments ip join payment_orders o on o.id = ip.order_id
    where ip.part_id = ${part.id} and ip.status = 'created' and o.status = 'created' and o.gateway = ${gw.mode}
      and ip.amount_paise = ${amountPaise} and o.created_at > now() - interval '1 day'
      and ip.buyer_state_code is not distinct from ${billing.state} and ip.buyer_gstin is not distinct from ${billing.gstin}
      and ip.buyer_business_name is not distinct from ${billing.businessName}
    order by ip.created_at desc limit 1`;
  if (open)
    return { status: 201, body: { key: gw.keyId, mode: gw.mode, orderId: open.order_id, amount: amountPaise, currency: 'INR', ...extra } };
  const checkout = await openOrder(
    { purpose: 'instalment', amountPaise, receipt: `plan_part_${part.id}`, notes: { account: session.accountId, part: part.id } },
    async (tx, order) => {
      await tx`insert into instalment_payments (order_id, part_id, amount_paise, buyer_state_code, buyer_gstin, buyer_business_name)
               values (${order.id}, ${part.id}, ${order.amountPaise}, ${billing.state}, ${billing.gstin}, ${billing.businessName})`;
    },
  );
  return { status: 201, body: { ...checkout, ...extra } };
}

/** POST /plans/parts/{partId}/pay: the order must be one we opened for THIS learner's part. */
export async function verifyPartPayment(
  session: Session,
  partId: string,
  result: CheckoutResult,
): Promise<{ status: 200 | 202; body: PartPaymentAnswer }> {
  requirePayments();
  await rateLimit({ bucket: 'plan-part-payment', key: session.accountId, limit: 60, windowSeconds: 3600 });
  const [owned] = await db()`
    select 1 from instalment_payments ip join enrolment_parts p on p.id = ip.part_id join plan_enrolments e on e.id = p.enrolment_id
    where ip.order_id = ${result.razorpay_order_id} and p.id = ${partId} and e.account_id = ${session.accountId}`;
  if (!owned) throw new HttpError(400, 'Payment verification failed: this order is not yours for this part');
  const outcome = await confirmCheckout(result);
  const answer = { orderId: result.razorpay_order_id, paymentId: result.razorpay_payment_id, partId };
  if (outcome === 'pending')
    return {
      status: 202,
      body: { message: 'Your payment is being confirmed. The part shows as paid in a few minutes.', status: 'pending', ...answer },
    };
  const [row] = await db()<{ status: string; payment_id: string | null; refund_reason: string | null }[]>`
    select status, payment_id, refund_reason from instalment_payments where order_id = ${result.razorpay_order_id}`;
  if (row?.payment_id !== result.razorpay_payment_id) throw new HttpError(409, 'This order was already paid by another payment');
  if (row.status === 'duplicate' && row.refund_reason === 'code-not-held') throw new HttpError(409, CODE_NOT_HELD_REFUNDED);
  if (row.status === 'duplicate')
    throw new HttpError(409, 'This part was already paid, so this payment is refunded in full. We have emailed you the details.');
  return { status: 200, body: { message: PAYMENT_SUCCESSFUL, status: 'success', ...answer } };
}
