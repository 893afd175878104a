/**
 * The course shop: orders at the database price with the buyer's billing details, payment
 * verification, and the learner's purchase list (with each purchase's tax invoice).
 *
 * A paid course order is recorded by the payments core (payments/completions.ts, purpose
 * 'course' -> course-payments.ts), so the browser's POST /order, the webhook and the scheduled
 * re-check all end in one paid row, one invoice and one receipt email, however many race.
 */
import type { TrackingInput } from '../../../src/shared/tracking.ts';
import { recordLeadTouches } from '../leads/index.ts';
import type { CheckoutResult } from '../../../src/shared/checkout.ts';
import { CODE_NOT_HELD_REFUNDED } from '../../../src/shared/codes.ts';
import { paiseToRupees } from '../../../src/shared/money.ts';
import {
  ALREADY_PURCHASED,
  PAYMENT_SUCCESSFUL,
  type CourseOrderAnswer,
  type CoursePaymentAnswer,
  type Purchase,
} from '../../../src/shared/order.ts';
import type { Session } from '../auth/index.ts';
import { toCourseDto } from '../catalogue/index.ts';
import { db, type Tx, HttpError, rateLimit } from '../platform/index.ts';
import { documentPath, BILLING_STATE_MISSING, billingOf, supplier, amountToCharge } from '../invoices/index.ts';
import { attachRedemption, pricing, releaseRedemption, reserveCode } from '../codes/index.ts';
import { completeFreeOrder, confirmCheckout, openOrder, requirePayments } from '../payments/index.ts';
import { holdSeatForCourse, linkSeatToOrder, releaseHeldSeat } from '../cohorts/index.ts';

type CourseRow = { id: string; title: string; description: string; price_paise: string; duration: string; image_id: string | null };

async function hasPurchased(accountId: string, courseId: string, tx: Tx | ReturnType<typeof db> = db()): Promise<boolean> {
  const [row] = await tx`select 1 from course_orders where account_id = ${accountId} and course_id = ${courseId} and status = 'paid'`;
  return !!row;
}

/**
 * POST /course/buy/{courseId}: opens a gateway order for the course at the price in OUR database.
 * 400 "Already purchased" when this learner owns the course; 404 for an unknown or archived course.
 * A course with open batches needs the buyer's batch: its seat is held before any gateway order
 * (a full batch answers 409 first) and goes with the order.
 */
export async function createCourseOrder(
  session: Session,
  courseId: string,
  touches: TrackingInput = {},
  code?: string,
  batchId?: string,
): Promise<CourseOrderAnswer> {
  requirePayments();
  await rateLimit({ bucket: 'course-order', key: session.accountId, limit: 30, windowSeconds: 3600 });
  const [course] = await db()<CourseRow[]>`
    select id, title, description, price_paise, duration, image_id from courses where id = ${courseId} and archived_at is null`;
  if (!course) throw new HttpError(404, 'Course not found');
  if (await hasPurchased(session.accountId, course.id)) throw new HttpError(400, ALREADY_PURCHASED);
  // The buyer's state decides CGST+SGST or IGST; it is saved by PUT /billing at checkout.
  const billing = await billingOf(session.accountId);
  if (!billing.state) throw new HttpError(400, [BILLING_STATE_MISSING]);
  // The seat first: a full batch is refused before any code is held or gateway order made.
  const seatId = await holdSeatForCourse(session.accountId, course.id, batchId);
  // The code comes off the charged (GST-inclusive) price; once per person = the account's verified email.
  const price = await reserveCode({
    code,
    email: session.email,
    target: { kind: 'course', courseId: course.id },
    listPaise: amountToCharge(Number(course.price_paise), supplier()),
  }).catch(async (error: unknown) => {
    if (seatId) await releaseHeldSeat(seatId);
    throw error;
  });
  const attach = async (tx: Tx, order: { id: string; amountPaise: number }) => {
    const [row] = await tx<{ id: string }[]>`
      insert into course_orders (account_id, course_id, email, gateway_order_id, amount_paise,
                                 buyer_state_code, buyer_gstin, buyer_business_name, list_paise, discount_paise, discount_code, batch_id)
      values (${session.accountId}, ${course.id}, ${session.email}, ${order.id}, ${order.amountPaise},
              ${billing.state}, ${billing.gstin}, ${billing.businessName}, ${price.listPaise}, ${price.discountPaise}, ${price.code}, ${batchId ?? null})
      returning id::text`;
    await recordLeadTouches(tx, { kind: 'order', id: row!.id }, touches);
    await attachRedemption(tx, price.redemptionId, order.id);
    if (seatId) await linkSeatToOrder(tx, seatId, row!.id);
  };
  const undo = async () => {
    await releaseRedemption(price.redemptionId);
    if (seatId) await releaseHeldSeat(seatId);
  };
  const order = { purpose: 'course' as const, receipt: `course_${course.id}`, notes: { account: session.accountId, course: course.id } };
  const discount = pricing(price);
  if (price.totalPaise === 0) {
    const free = await completeFreeOrder(order, attach).catch(async (error: unknown) => {
      await undo();
      throw error;
    });
    return { paid: true, course: toCourseDto(course), amount: 0, ...free, discount: discount! };
  }
  const checkout = await openOrder({ ...order, amountPaise: price.totalPaise }, attach).catch(async (error: unknown) => {
    await undo();
    throw error;
  });
  return {
    course: toCourseDto(course),
    ...(discount ? { discount } : {}),
    key: checkout.key,
    mode: checkout.mode,
    amount: checkout.amount,
    currency: checkout.currency,
    orderId: checkout.orderId,
    prefill: { name: [session.firstName, session.lastName].filter(Boolean).join(' '), email: session.email },
  };
}

type OrderRow = { id: string; status: 'created' | 'paid' | 'duplicate'; payment_id: string | null; refund_reason: string | null };

/**
 * POST /order: the order must be one we opened for THIS learner and THIS course; the platform then
 * checks the signature in constant time and (with Razorpay) the captured payment, amount and
 * currency, and records it once. A repeat with the same payment answers the same.
 */
export async function recordCoursePayment(
  session: Session,
  input: { courseId: string } & CheckoutResult,
): Promise<{ status: number; body: CoursePaymentAnswer }> {
  requirePayments();
  await rateLimit({ bucket: 'course-payment', key: session.accountId, limit: 60, windowSeconds: 3600 });
  const { courseId, ...result } = input;
  const [owned] = await db()<OrderRow[]>`
    select id, status, payment_id, refund_reason from course_orders
    where gateway_order_id = ${result.razorpay_order_id} and account_id = ${session.accountId} and course_id = ${courseId}`;
  if (!owned) throw new HttpError(400, 'Payment verification failed: this order is not yours for this course');
  const outcome = await confirmCheckout(result);
  const answer = { orderId: result.razorpay_order_id, paymentId: result.razorpay_payment_id, courseId };
  if (outcome === 'pending') {
    return {
      status: 202,
      body: {
        message: 'Your payment is being confirmed. The course will appear in your purchases in a few minutes.',
        status: 'pending',
        ...answer,
      },
    };
  }
  const [order] = await db()<OrderRow[]>`
    update course_orders set signature = coalesce(signature, ${result.razorpay_signature}), updated_at = now()
    where id = ${owned.id} and payment_id = ${result.razorpay_payment_id}
    returning id, status, payment_id, refund_reason`;
  if (!order) throw new HttpError(409, 'This order was already paid by another payment');
  if (order.status === 'duplicate' && order.refund_reason === 'code-not-held') throw new HttpError(409, CODE_NOT_HELD_REFUNDED);
  if (order.status === 'duplicate') {
    throw new HttpError(409, 'You had already bought this course, so this payment is refunded in full. We have emailed you the details.');
  }
  return { status: 200, body: { message: PAYMENT_SUCCESSFUL, status: 'success', ...answer } };
}

export type { Purchase };

/** The learner's paid courses, newest purchase first (archived courses stay: they were bought). */
export async function listPurchases(session: Pick<Session, 'accountId'>): Promise<Purchase[]> {
  const rows = await db()<
    (CourseRow & {
      gateway_order_id: string;
      payment_id: string;
      amount_paise: string;
      paid_at: Date;
      invoice_id: string | null;
      invoice_number: string | null;
      discount_code: string | null;
    })[]
  >`
    select c.id, c.title, c.description, c.price_paise, c.duration, c.image_id,
           o.gateway_order_id, o.payment_id, o.amount_paise, o.paid_at, i.id::text as invoice_id, i.number as invoice_number,
           o.discount_code
    from course_orders o join courses c on c.id = o.course_id
    left join invoices i on i.order_id = o.gateway_order_id
    where o.account_id = ${session.accountId} and o.status = 'paid'
    order by o.paid_at desc, o.id desc`;
  return rows.map((row) => ({
    ...toCourseDto(row),
    purchase: {
      orderId: row.gateway_order_id,
      paymentId: row.payment_id,
      amount: paiseToRupees(Number(row.amount_paise)),
      paidAt: new Date(row.paid_at).toISOString(),
      invoice: row.invoice_id ? { number: row.invoice_number!, pdfUrl: documentPath('invoice', row.invoice_id) } : null,
      discountCode: row.discount_code,
    },
  }));
}
