/** Helpers for the batches API tests: owners, faculty, learners, a batch, a course bought with a batch. */
import { expect } from 'vitest';
import { call, count, testAccount, type TestDatabase } from '../support/harness.ts';

export const DM = '6801c2a4f1e2b3c4d5e6fd57'; // Digital Marketing, ₹2,49,000
export const PM = '6801c2a4f1e2b3c4d5e6fd68'; // Product Management, ₹2,99,000

export function cohortsKit(db: TestDatabase) {
  let ownerToken: string | undefined;
  const owner = async () => (ownerToken ??= (await testAccount('admin', 'owner', 'cohorts')).token);

  /** A faculty admin: joins as a counsellor, an owner makes them faculty through the team API. */
  async function faculty() {
    const member = await testAccount('admin', 'counsellor', 'cohorts');
    const res = await call('PATCH', `/api/v1/admin/team/${member.id}`, { token: await owner(), body: { adminRole: 'faculty' } });
    expect(res.status).toBe(200);
    return member;
  }

  /** A confirmed learner with the billing state set (ready to buy). */
  async function learner() {
    const account = await testAccount('user', undefined, 'cohorts');
    expect((await call('PUT', '/api/v1/billing', { token: account.token, body: { state: '06' } })).status).toBe(200);
    return account;
  }

  async function createBatch(body: Record<string, unknown> = {}) {
    const res = await call('POST', '/api/v1/admin/batches', {
      token: await owner(),
      body: { name: 'August 2027', courseId: DM, startsOn: '2027-08-02', endsOn: '2027-12-31', capacity: 20, ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  const buy = (token: string, batchId?: string, courseId = DM) =>
    call('POST', `/api/v1/course/buy/${courseId}`, { token, body: batchId ? { batchId } : {} });

  /** Pays a checkout order in the sandbox and records it as the browser does. */
  async function payAndRecord(token: string, orderId: string, courseId = DM) {
    const pay = await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId, outcome: 'success' } });
    expect(pay.status).toBe(200);
    const { success: _s, ...result } = pay.body;
    const order = await call('POST', '/api/v1/order', { token, body: { courseId, ...result } });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    return result.razorpay_payment_id as string;
  }

  const seatsOf = (batchId: string) =>
    db.sql<{ account_id: string; status: string; source: string; source_id: string | null; released_reason: string | null }[]>`
      select account_id, status, source, source_id, released_reason from batch_seats where batch_id = ${batchId} order by id`;
  const gatewayOrders = () => count(db, `payment_orders where purpose = 'course'`);

  return { owner, faculty, learner, createBatch, buy, payAndRecord, seatsOf, gatewayOrders };
}
