/** One purchase, however the confirmations race: concurrent /order and webhooks, two tabs paying twice. */
import { describe, expect, it } from 'vitest';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { DM, PM, shopKit } from './kit.ts';

const db = useTestDatabase();
const { learner, buy, pay, webhook, ordersOf, receipts } = shopKit(db);

describe('one purchase, however the confirmations race', () => {
  it('50 concurrent /order and webhook deliveries of one payment record one purchase and one receipt', async () => {
    const { token, id, email } = await learner();
    const order = await buy(token);
    const paid = await pay(order.body.orderId);
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? call('POST', '/api/v1/order', { token, body: { courseId: DM, ...paid } })
        : webhook(paid.razorpay_order_id, paid.razorpay_payment_id, 24900000, `evt_race_${i}`),
    );
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(results.filter((_, i) => i % 2 === 0).every((r) => r.body.message === 'Payment Successful')).toBe(true);
    expect((await ordersOf(id)).filter((o) => o.status === 'paid')).toHaveLength(1);
    expect(await count(db, `payment_orders where id = '${paid.razorpay_order_id}' and status = 'paid'`)).toBe(1);
    expect(await receipts(email)).toBe(1);
    expect((await call('GET', '/api/v1/user/purchases', { token })).body.courseData).toHaveLength(1);
  });

  async function refundOf(paymentId: string) {
    const [row] = await db.sql<{ refund_id: string | null; refunded_at: Date | null }[]>`
      select refund_id, refunded_at from sandbox_payments where id = ${paymentId}`;
    const [order] = await db.sql<{ refund_id: string | null }[]>`
      select duplicate_refund_id as refund_id from payment_orders where payment_id = ${paymentId}`;
    return { gateway: row!.refund_id, recorded: order!.refund_id, at: row!.refunded_at };
  }

  /** A learner opens two orders for one course (two tabs) and pays both in the sandbox. */
  async function paidInTwoTabs(courseId: string) {
    const { token, id, email } = await learner();
    const first = await buy(token, courseId);
    const second = await buy(token, courseId);
    return { token, id, email, paidFirst: await pay(first.body.orderId), paidSecond: await pay(second.body.orderId) };
  }

  it('two orders for one course paid in two tabs: one purchase, the second capture refunded through the gateway', async () => {
    const { token, id, email, paidFirst, paidSecond } = await paidInTwoTabs(PM);
    const [a, b] = await Promise.all([
      call('POST', '/api/v1/order', { token, body: { courseId: PM, ...paidFirst } }),
      call('POST', '/api/v1/order', { token, body: { courseId: PM, ...paidSecond } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.errors).toMatch(/refunded/);
    const rows = await ordersOf(id);
    expect(rows.map((o) => o.status).sort()).toEqual(['duplicate', 'paid']);
    expect((await call('GET', '/api/v1/user/purchases', { token })).body.courseData).toHaveLength(1);
    expect(await count(db, `email_outbox where to_address = '${email}' and tag = 'course-receipt'`)).toBe(1);
    expect(await count(db, `email_outbox where to_address = '${email}' and tag = 'course-duplicate-payment'`)).toBe(1);
    // The second capture went back through the gateway, was recorded and the learner told.
    const duplicate = rows.find((o) => o.status === 'duplicate')!;
    const refund = await refundOf(duplicate.payment_id!);
    expect(refund.gateway).toMatch(/^rfnd_/);
    expect(refund.recorded).toBe(refund.gateway);
    expect(await count(db, `email_outbox where to_address = '${email}' and tag = 'course-refund'`)).toBe(1);
    const kept = rows.find((o) => o.status === 'paid')!;
    expect((await refundOf(kept.payment_id!)).gateway).toBeNull();
    // The database itself refuses a second paid purchase.
    await expect(db.sql`update course_orders set status = 'paid' where account_id = ${id} and status = 'duplicate'`).rejects.toThrow(
      /course_orders_one_paid_purchase/,
    );
  });

  it('a duplicate capture reported only by the webhook is refunded too, once', async () => {
    const { token, id, email, paidFirst, paidSecond } = await paidInTwoTabs(DM);
    expect((await call('POST', '/api/v1/order', { token, body: { courseId: DM, ...paidFirst } })).status).toBe(200);
    for (const eventId of ['evt_dup_1', 'evt_dup_2']) {
      const res = await webhook(paidSecond.razorpay_order_id, paidSecond.razorpay_payment_id, 24900000, `${eventId}_${id}`);
      expect(res.status).toBe(200);
    }
    const refund = await refundOf(paidSecond.razorpay_payment_id);
    expect(refund.gateway).toMatch(/^rfnd_/);
    expect(refund.recorded).toBe(refund.gateway);
    expect(await count(db, `email_outbox where to_address = '${email}' and tag = 'course-refund'`)).toBe(1);
    expect((await refundOf(paidFirst.razorpay_payment_id)).gateway).toBeNull();
  });
});
