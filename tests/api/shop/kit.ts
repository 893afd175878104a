/** Helpers for the course shop API tests: a confirmed learner, checkout, the sandbox payment and what it records. */
import { expect } from 'vitest';
import { call, count, sandboxWebhook, signupVerifiedLearner, type TestDatabase } from '../support/harness.ts';

export const DM = '6801c2a4f1e2b3c4d5e6fd57'; // Digital Marketing, ₹2,49,000
export const PM = '6801c2a4f1e2b3c4d5e6fd68'; // Product Management, ₹2,99,000

/** The helpers, bound to the suite's database (each test file has its own). */
export function shopKit(db: TestDatabase) {
  let n = 0;
  /** A new learner with a confirmed email, logged in: their bearer token, account id, email and first name. */
  async function learner(): Promise<{ token: string; id: string; email: string; firstName: string }> {
    n++;
    const firstName = `Learner${n}`;
    const { token, id, email } = await signupVerifiedLearner({ email: `learner${n}@example.com`, firstName, ip: `192.0.2.${n}` });
    return { token, id, email, firstName };
  }

  /** Checkout: the billing details (state for the tax invoice), then the order. */
  async function buy(token: string, courseId = DM) {
    const billing = await call('PUT', '/api/v1/billing', { token, body: { state: '06' } });
    expect(billing.status).toBe(200);
    return call('POST', `/api/v1/course/buy/${courseId}`, { token });
  }

  /** Plays the sandbox checkout: a signed, captured payment for the order. */
  async function pay(orderId: string) {
    const res = await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId, outcome: 'success' } });
    expect(res.status).toBe(200);
    return {
      razorpay_order_id: res.body.razorpay_order_id as string,
      razorpay_payment_id: res.body.razorpay_payment_id as string,
      razorpay_signature: res.body.razorpay_signature as string,
    };
  }

  const webhook = sandboxWebhook;

  async function ordersOf(accountId: string) {
    return db.sql<{ course_id: string; status: string; payment_id: string | null; amount_paise: string }[]>`
      select course_id, status, payment_id, amount_paise from course_orders where account_id = ${accountId} order by id`;
  }
  const receipts = (email: string) => count(db, `email_outbox where to_address = '${email}' and tag like 'course-%'`);

  return { learner, buy, pay, webhook, ordersOf, receipts };
}
