/**
 * The course shop: orders at the database price, payment verification, the one purchase per
 * learner and course, the receipt email, and the learner's purchase list.
 *
 * A course order is paid through the payments platform's completion registry, so the browser's
 * POST /order, the webhook and the scheduled re-check all end in `completeCoursePayment`: one paid
 * row and one receipt email, in the ledger's transaction, however many of them race.
 */
import type { CheckoutResult } from '../../src/shared/checkout.ts';
import type { CourseDto } from '../../src/shared/course.ts';
import { formatPaise, paiseToRupees } from '../../src/shared/money.ts';
import { ALREADY_PURCHASED, PAYMENT_SUCCESSFUL, type CourseOrderAnswer, type CoursePaymentAnswer } from '../../src/shared/order.ts';
import type { Session } from './auth/session.ts';
import { toCourseDto } from './courses.ts';
import { db, isUniqueViolation, type Tx } from './db.ts';
import { env } from './env.ts';
import { currentRequest, HttpError } from './http.ts';
import { log } from './log.ts';
import { enqueueEmail } from './mail/index.ts';
import { confirmCheckout, gateway, openOrder, registerCompletion, registerSweep, requirePayments } from './payments/index.ts';
import type { GatewayPayment } from './payments/port.ts';
import { rateLimit } from './rate-limit.ts';

type CourseRow = { id: string; title: string; description: string; price_paise: string; duration: string; image_id: string | null };

async function hasPurchased(accountId: string, courseId: string, tx: Tx | ReturnType<typeof db> = db()): Promise<boolean> {
  const [row] = await tx`select 1 from course_orders where account_id = ${accountId} and course_id = ${courseId} and status = 'paid'`;
  return !!row;
}

/**
 * POST /course/buy/{courseId}: opens a gateway order for the course at the price in OUR database.
 * 400 "Already purchased" when this learner owns the course; 404 for an unknown or archived course.
 */
export async function createCourseOrder(session: Session, courseId: string): Promise<CourseOrderAnswer> {
  requirePayments();
  await rateLimit({ bucket: 'course-order', key: session.accountId, limit: 30, windowSeconds: 3600 });
  const [course] = await db()<CourseRow[]>`
    select id, title, description, price_paise, duration, image_id from courses where id = ${courseId} and archived_at is null`;
  if (!course) throw new HttpError(404, 'Course not found');
  if (await hasPurchased(session.accountId, course.id)) throw new HttpError(400, ALREADY_PURCHASED);
  const checkout = await openOrder(
    {
      purpose: 'course',
      amountPaise: Number(course.price_paise),
      receipt: `course_${course.id}`,
      notes: { account: session.accountId, course: course.id },
    },
    async (tx, order) => {
      await tx`insert into course_orders (account_id, course_id, email, gateway_order_id, amount_paise)
               values (${session.accountId}, ${course.id}, ${session.email}, ${order.id}, ${order.amountPaise})`;
    },
  );
  return {
    course: toCourseDto(course),
    key: checkout.key,
    mode: checkout.mode,
    amount: checkout.amount,
    currency: checkout.currency,
    orderId: checkout.orderId,
    prefill: { name: [session.firstName, session.lastName].filter(Boolean).join(' '), email: session.email },
  };
}

type OrderRow = { id: string; status: 'created' | 'paid' | 'duplicate'; payment_id: string | null };

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
    select id, status, payment_id from course_orders
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
    returning id, status, payment_id`;
  if (!order) throw new HttpError(409, 'This order was already paid by another payment');
  if (order.status === 'duplicate') {
    throw new HttpError(409, 'You had already bought this course, so this payment is refunded in full. We have emailed you the details.');
  }
  return { status: 200, body: { message: PAYMENT_SUCCESSFUL, status: 'success', ...answer } };
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/**
 * The completion handler (called inside the ledger's transaction, with the ledger row locked):
 * marks the course order paid and writes the receipt email. A second paid order for a course the
 * learner already owns is kept as 'duplicate' for a refund; the one-purchase index guarantees it.
 */
export async function completeCoursePayment(gatewayOrderId: string, payment: GatewayPayment, tx: Tx): Promise<boolean> {
  const [order] = await tx<{ id: string; account_id: string; course_id: string; email: string; amount_paise: string; status: string }[]>`
    select id, account_id, course_id, email, amount_paise, status from course_orders where gateway_order_id = ${gatewayOrderId} for update`;
  if (!order) return false;
  if (order.status !== 'created') return true;
  let status: 'paid' | 'duplicate' = 'paid';
  try {
    await tx.savepoint(
      (sp) => sp`
      update course_orders set status = 'paid', payment_id = ${payment.id}, paid_at = now(), updated_at = now() where id = ${order.id}`,
    );
  } catch (error) {
    if (!isUniqueViolation(error, 'course_orders_one_paid_purchase')) throw error;
    status = 'duplicate';
    await tx`update course_orders set status = 'duplicate', payment_id = ${payment.id}, paid_at = now(), updated_at = now() where id = ${order.id}`;
    log.warn('course paid twice: refunding the second payment', {
      orderId: gatewayOrderId,
      paymentId: payment.id,
      courseId: order.course_id,
    });
    // Refunded once this transaction has committed (after the answer); the scheduled run retries.
    currentRequest()?.after(async () => void (await refundDuplicateCoursePayments()));
  }
  const [course] = await tx<{ title: string }[]>`select title from courses where id = ${order.course_id}`;
  const [account] = await tx<{ first_name: string }[]>`select first_name from accounts where id = ${order.account_id}`;
  const amount = formatPaise(Number(order.amount_paise));
  const purchasesUrl = new URL('/purchases', env().SITE_URL).toString();
  await enqueueEmail(tx, {
    to: order.email,
    subject:
      status === 'paid'
        ? `Your Aspira receipt: ${course!.title}`.slice(0, 300)
        : 'Your second payment for an Aspira course will be refunded',
    text: [
      `Dear ${account?.first_name || 'learner'},`,
      '',
      status === 'paid'
        ? `Thank you for buying ${course!.title}. We have received your payment.`
        : `You already own ${course!.title}, so we are refunding this second payment in full. A second email confirms the refund.`,
      '',
      `Course: ${course!.title}`,
      `Amount paid: ${amount}`,
      `Order ID: ${gatewayOrderId}`,
      `Payment ID: ${payment.id}`,
      `Date: ${dateFormat.format(new Date())} IST`,
      '',
      status === 'paid' ? `Your course is in your purchases: ${purchasesUrl}` : `Your purchases: ${purchasesUrl}`,
      'Keep this email as your receipt. Refunds follow our 7-day refund policy.',
      '',
      'Aspira',
    ].join('\n'),
    tag: status === 'paid' ? 'course-receipt' : 'course-duplicate-payment',
  });
  return true;
}

registerCompletion('course', completeCoursePayment);

type DuplicateRow = { id: string; email: string; amount_paise: string; payment_id: string; gateway_order_id: string; title: string };
const claimOf = (id: string) => `claim:${id}`;

/**
 * Refunds, through the gateway, every second capture for a course the learner already owns,
 * records the refund id and emails the learner. A row is claimed first so two runs never ask
 * twice; a claim left by a run that died is taken over after 10 minutes (the gateway itself
 * refuses to refund one payment twice).
 */
export async function refundDuplicateCoursePayments(limit = 20): Promise<number> {
  const due = await db()<DuplicateRow[]>`
    update course_orders o set refund_id = 'claim:' || o.id, updated_at = now()
    from courses c
    where c.id = o.course_id and o.id in (
      select id from course_orders
      where status = 'duplicate' and (refund_id is null or (refund_id like 'claim:%' and updated_at < now() - interval '10 minutes'))
      order by paid_at limit ${limit} for update skip locked)
    returning o.id::text as id, o.email, o.amount_paise, o.payment_id, o.gateway_order_id, c.title`;
  let refunded = 0;
  for (const row of due) {
    const amountPaise = Number(row.amount_paise);
    try {
      const refund = await gateway().refundPayment(row.payment_id, {
        amountPaise,
        receipt: `course_refund_${row.id}`,
        notes: { reason: 'duplicate course purchase', order: row.gateway_order_id },
      });
      await db().begin(async (tx) => {
        await tx`update course_orders set refund_id = ${refund.id}, refunded_at = now(), updated_at = now()
                 where id = ${row.id} and refund_id = ${claimOf(row.id)}`;
        await enqueueEmail(tx, {
          to: row.email,
          subject: 'Your second payment for an Aspira course was refunded',
          text: [
            'Hello,',
            '',
            `You already owned ${row.title}, so we have refunded your second payment in full.`,
            '',
            `Amount refunded: ${formatPaise(amountPaise)}`,
            `Payment ID: ${row.payment_id}`,
            `Refund ID: ${refund.id}`,
            '',
            'Your bank usually shows the refund within 5-7 working days.',
            '',
            'Aspira',
          ].join('\n'),
          tag: 'course-refund',
        });
      });
      log.info('duplicate course payment refunded', { orderId: row.gateway_order_id, paymentId: row.payment_id, refundId: refund.id });
      refunded++;
    } catch (error) {
      await db()`update course_orders set refund_id = null where id = ${row.id} and refund_id = ${claimOf(row.id)}`;
      log.error('duplicate course payment refund failed: retried by the scheduled run', {
        orderId: row.gateway_order_id,
        paymentId: row.payment_id,
        error,
      });
    }
  }
  return refunded;
}

registerSweep('course-refunds', async () => void (await refundDuplicateCoursePayments()));

export type Purchase = CourseDto & { purchase: { orderId: string; paymentId: string; amount: number; paidAt: string } };

/** The learner's paid courses, newest purchase first (archived courses stay: they were bought). */
export async function listPurchases(session: Pick<Session, 'accountId'>): Promise<Purchase[]> {
  const rows = await db()<(CourseRow & { gateway_order_id: string; payment_id: string; amount_paise: string; paid_at: Date })[]>`
    select c.id, c.title, c.description, c.price_paise, c.duration, c.image_id,
           o.gateway_order_id, o.payment_id, o.amount_paise, o.paid_at
    from course_orders o join courses c on c.id = o.course_id
    where o.account_id = ${session.accountId} and o.status = 'paid'
    order by o.paid_at desc, o.id desc`;
  return rows.map((row) => ({
    ...toCourseDto(row),
    purchase: {
      orderId: row.gateway_order_id,
      paymentId: row.payment_id,
      amount: paiseToRupees(Number(row.amount_paise)),
      paidAt: new Date(row.paid_at).toISOString(),
    },
  }));
}
