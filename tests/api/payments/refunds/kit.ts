/**
 * Helpers for the refund API tests: an owner, a learner's sandbox purchase, refund calls and what
 * they leave in the database (refund rows, credit notes, emails), and signed refund webhooks.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { hmacSha256Hex } from '../../../../netlify/lib/platform/index.ts';
import { call, count, testAccount, type TestDatabase } from '../../support/harness.ts';

export const REFUND_SANDBOX_SECRET = 'sandbox-secret-for-refund-tests';
export const DM = '6801c2a4f1e2b3c4d5e6fd57'; // Digital Marketing, ₹2,49,000
export const PM = '6801c2a4f1e2b3c4d5e6fd68'; // Product Management, ₹2,99,000
export const DM_PAISE = 24_900_000;

/** The helpers, bound to the suite's database (each test file has its own). */
export function refundKit(db: TestDatabase) {
  const account = (role: 'user' | 'admin', adminRole?: 'owner' | 'counsellor') => testAccount(role, adminRole, 'refunds');

  let ownerToken: string | undefined;
  const owner = async () => (ownerToken ??= (await account('admin', 'owner')).token);

  /** A learner buys a course in the sandbox: answers the ledger order id and the payment id. */
  async function purchase(courseId = DM, state = '06') {
    const learner = await account('user');
    expect((await call('PUT', '/api/v1/billing', { token: learner.token, body: { state } })).status).toBe(200);
    const buy = await call('POST', `/api/v1/course/buy/${courseId}`, { token: learner.token });
    expect(buy.status).toBe(201);
    const pay = await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: buy.body.orderId, outcome: 'success' } });
    expect(pay.status).toBe(200);
    const { success: _s, ...result } = pay.body;
    const order = await call('POST', '/api/v1/order', { token: learner.token, body: { courseId, ...result } });
    expect(order.status).toBe(200);
    return { ...learner, orderId: buy.body.orderId as string, paymentId: result.razorpay_payment_id as string };
  }

  function refund(body: Record<string, unknown>, token?: string) {
    return call('POST', '/api/v1/admin/refunds', { token, body: { idempotencyKey: randomUUID(), ...body } });
  }

  async function refundsOf(orderId: string) {
    return db.sql<
      { id: string; status: string; amount_paise: string; gateway_refund_id: string | null; requested_by: string; reason: string }[]
    >`
      select id, status, amount_paise, gateway_refund_id, requested_by, reason from refunds where order_id = ${orderId} order by created_at`;
  }
  /** The credit notes issued against the invoice of an order. */
  const creditNotes = (orderId: string) =>
    db.sql<{ id: string; number: string; total_paise: string; reason: string }[]>`
      select c.id::text as id, c.number, c.total_paise, c.reason from credit_notes c join invoices i on i.id = c.invoice_id
      where i.order_id = ${orderId} order by c.id`;
  const refundEmails = (email: string) => count(db, `email_outbox where to_address = '${email}' and tag = 'refund-processed'`);
  const purchases = async (token: string) => (await call('GET', '/api/v1/user/purchases', { token })).body.courseData as unknown[];
  const check = (id: string, token: string) => call('POST', `/api/v1/admin/refunds/${id}/check`, { token });

  function refundWebhook(
    event: 'refund.processed' | 'refund.failed',
    r: { id: string; payment_id: string; amount: number; receipt: string },
    eventId: string,
  ) {
    const raw = JSON.stringify({
      event,
      payload: {
        refund: { entity: { ...r, entity: 'refund', currency: 'INR', status: event === 'refund.processed' ? 'processed' : 'failed' } },
      },
    });
    return call('POST', '/api/v1/payment/webhook', {
      rawBody: raw,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacSha256Hex(REFUND_SANDBOX_SECRET, raw),
        'x-razorpay-event-id': eventId,
      },
    });
  }

  return { account, owner, purchase, refund, refundsOf, creditNotes, refundEmails, purchases, check, refundWebhook };
}
