import { describe, expect, it } from 'vitest';
import { env } from '../../netlify/lib/env.ts';
import { hmacSha256Hex } from '../../netlify/lib/payments/hmac.ts';
import { call, count, sandboxWebhook, signupVerifiedLearner, useTestDatabase } from './harness.ts';

const db = useTestDatabase();
const DM = '6801c2a4f1e2b3c4d5e6fd57'; // Digital Marketing, ₹2,49,000
const PM = '6801c2a4f1e2b3c4d5e6fd68'; // Product Management, ₹2,99,000

let n = 0;
/** A new learner with a confirmed email, logged in: their bearer token and account id. */
async function learner(): Promise<{ token: string; id: string; email: string }> {
  n++;
  const { token, id, email } = await signupVerifiedLearner({
    email: `learner${n}@example.com`,
    firstName: `Learner${n}`,
    ip: `192.0.2.${n}`,
  });
  return { token, id, email };
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

describe('POST /api/v1/course/buy/{courseId}', () => {
  it('needs a session: 401 without one, and nothing is written', async () => {
    const before = [await count(db, 'payment_orders'), await count(db, 'course_orders')];
    const res = await call('POST', `/api/v1/course/buy/${DM}`);
    expect(res.status).toBe(401);
    expect(res.body.errors).toMatch(/log in/i);
    expect(await call('POST', `/api/v1/course/buy/${DM}`, { token: 'forged.token.value' }).then((r) => r.status)).toBe(401);
    expect([await count(db, 'payment_orders'), await count(db, 'course_orders')]).toEqual(before);
  });

  it('refuses a cookie-borne buy from another site', async () => {
    const { token } = await learner();
    const res = await call('POST', `/api/v1/course/buy/${DM}`, {
      headers: { cookie: `aspira_session=${token}`, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });

  it('opens an order at the database price, whatever the browser thinks', async () => {
    const { token, id } = await learner();
    await call('PUT', '/api/v1/billing', { token, body: { state: '06' } });
    const res = await call('POST', `/api/v1/course/buy/${DM}`, {
      token,
      body: { amount: 1 },
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      key: 'rzp_test_sandbox',
      amount: 24900000,
      currency: 'INR',
      orderId: expect.stringMatching(/^order_/),
      course: { _id: DM, title: 'Digital Marketing', price: 249000 },
      prefill: { name: `Learner${n} Test`, email: `learner${n}@example.com` },
    });
    expect(await ordersOf(id)).toEqual([{ course_id: DM, status: 'created', payment_id: null, amount_paise: '24900000' }]);
    const [ledger] = await db.sql`select purpose, amount_paise, status from payment_orders where id = ${res.body.orderId}`;
    expect(ledger).toEqual({ purpose: 'course', amount_paise: '24900000', status: 'created' });
    // An admin changes the price: the next order follows the database.
    await db.sql`update courses set price_paise = 19900000 where id = ${PM}`;
    const next = await buy(token, PM);
    expect(next.body.amount).toBe(19900000);
    await db.sql`update courses set price_paise = 29900000 where id = ${PM}`;
  });

  it('answers 400 for a malformed id and 404 for an unknown or archived course, writing nothing', async () => {
    const { token, id } = await learner();
    const bad = await buy(token, 'not-a-course');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.join(' ')).toMatch(/24 hexadecimal/);
    expect((await buy(token, 'ffffffffffffffffffffffff')).status).toBe(404);
    await db.sql`update courses set archived_at = now() where id = ${PM}`;
    const archived = await buy(token, PM);
    await db.sql`update courses set archived_at = null where id = ${PM}`;
    expect(archived.status).toBe(404);
    expect(archived.body.errors).toBe('Course not found');
    expect(await ordersOf(id)).toEqual([]);
  });
});

describe('a purchase from checkout to /purchases', () => {
  it('records the payment once, emails a receipt, lists it, and a second buy is 400 "Already purchased"', async () => {
    const { token, id, email } = await learner();
    expect((await call('GET', '/api/v1/user/purchases', { token })).body).toEqual({ courseData: [] });
    const order = await buy(token);
    const paid = await pay(order.body.orderId);
    const res = await call('POST', '/api/v1/order', { token, body: { courseId: DM, ...paid } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Payment Successful',
      status: 'success',
      orderId: paid.razorpay_order_id,
      paymentId: paid.razorpay_payment_id,
      courseId: DM,
    });
    expect(await ordersOf(id)).toEqual([{ course_id: DM, status: 'paid', payment_id: paid.razorpay_payment_id, amount_paise: '24900000' }]);
    const [stored] = await db.sql`select signature from course_orders where payment_id = ${paid.razorpay_payment_id}`;
    expect(stored!.signature).toBe(paid.razorpay_signature);

    const [mail] = await db.sql`select subject, text_body from email_outbox where to_address = ${email} and tag = 'course-receipt'`;
    expect(mail!.subject).toBe('Your Aspira receipt: Digital Marketing');
    expect(mail!.text_body).toContain('₹2,49,000');
    expect(mail!.text_body).toContain(paid.razorpay_payment_id);

    const list = await call('GET', '/api/v1/user/purchases', { token });
    expect(list.status).toBe(200);
    expect(list.body.courseData).toHaveLength(1);
    expect(list.body.courseData[0]).toMatchObject({
      _id: DM,
      title: 'Digital Marketing',
      price: 249000,
      image: { url: expect.stringMatching(/^\/api\/v1\/images\//) },
      purchase: { paymentId: paid.razorpay_payment_id, amount: 249000 },
    });

    const again = await buy(token);
    expect(again.status).toBe(400);
    expect(again.body.errors).toBe('Already purchased');
    expect(await ordersOf(id)).toHaveLength(1);

    // The same payment sent again answers the same and records nothing new.
    const repeat = await call('POST', '/api/v1/order', { token, body: { courseId: DM, ...paid } });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(res.body);
    expect(await receipts(email)).toBe(1);
    expect((await ordersOf(id)).filter((o) => o.status === 'paid')).toHaveLength(1);

    // Another learner's purchase list does not show it.
    const other = await learner();
    expect((await call('GET', '/api/v1/user/purchases', { token: other.token })).body.courseData).toEqual([]);
  });

  it('the webhook alone completes the purchase (the learner closed the tab after paying)', async () => {
    const { token, id, email } = await learner();
    const order = await buy(token, PM);
    const paid = await pay(order.body.orderId);
    const hook = await webhook(paid.razorpay_order_id, paid.razorpay_payment_id, 29900000, 'evt_closed_tab');
    expect(hook.status).toBe(200);
    expect(await ordersOf(id)).toEqual([{ course_id: PM, status: 'paid', payment_id: paid.razorpay_payment_id, amount_paise: '29900000' }]);
    expect((await call('GET', '/api/v1/user/purchases', { token })).body.courseData.map((c: { _id: string }) => c._id)).toEqual([PM]);
    expect(await receipts(email)).toBe(1);
    // Coming back later with the checkout result answers success, without a second record.
    const late = await call('POST', '/api/v1/order', { token, body: { courseId: PM, ...paid } });
    expect(late.status).toBe(200);
    expect(await receipts(email)).toBe(1);
  });
});

describe('POST /api/v1/order refuses what it cannot verify, and records nothing', () => {
  async function nothingRecorded(accountId: string, orderId: string, email: string) {
    expect((await ordersOf(accountId)).every((o) => o.status === 'created' && o.payment_id === null)).toBe(true);
    const [ledger] = await db.sql`select status from payment_orders where id = ${orderId}`;
    expect(ledger!.status).toBe('created');
    expect(await receipts(email)).toBe(0);
  }

  it('a tampered signature', async () => {
    const { token, id, email } = await learner();
    const order = await buy(token);
    const paid = await pay(order.body.orderId);
    const flipped = paid.razorpay_signature.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    for (const signature of [
      flipped,
      hmacSha256Hex('some-other-secret-entirely', `${paid.razorpay_order_id}|${paid.razorpay_payment_id}`),
      '0'.repeat(64),
    ]) {
      const res = await call('POST', '/api/v1/order', { token, body: { courseId: DM, ...paid, razorpay_signature: signature } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toMatch(/signature/);
    }
    await nothingRecorded(id, paid.razorpay_order_id, email);
  });

  it("another learner's order (even with its valid signature)", async () => {
    const owner = await learner();
    const thief = await learner();
    const order = await buy(owner.token);
    const paid = await pay(order.body.orderId);
    const res = await call('POST', '/api/v1/order', { token: thief.token, body: { courseId: DM, ...paid } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatch(/not yours/);
    await nothingRecorded(owner.id, paid.razorpay_order_id, owner.email);
    expect(await ordersOf(thief.id)).toEqual([]);
    expect((await call('GET', '/api/v1/user/purchases', { token: thief.token })).body.courseData).toEqual([]);
  });

  it('an order paid for one course claimed for a different course', async () => {
    const { token, id, email } = await learner();
    const order = await buy(token, DM);
    const paid = await pay(order.body.orderId);
    const res = await call('POST', '/api/v1/order', { token, body: { courseId: PM, ...paid } });
    expect(res.status).toBe(400);
    await nothingRecorded(id, paid.razorpay_order_id, email);
  });

  it('a payment of another order passed off with a correctly computed signature', async () => {
    const { token, id, email } = await learner();
    const cheap = await buy(token, DM);
    const other = await buy(token, DM);
    const paidOther = await pay(other.body.orderId);
    // Someone holding the signing secret could sign "cheap order | other payment": the fetched payment still says otherwise.
    const forged = {
      razorpay_order_id: cheap.body.orderId,
      razorpay_payment_id: paidOther.razorpay_payment_id,
      razorpay_signature: hmacSha256Hex(env().SANDBOX_PAYMENT_SECRET, `${cheap.body.orderId}|${paidOther.razorpay_payment_id}`),
    };
    const res = await call('POST', '/api/v1/order', { token, body: { courseId: DM, ...forged } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatch(/another order/);
    const rows = await ordersOf(id);
    expect(rows.every((o) => o.status === 'created')).toBe(true);
    expect(await receipts(email)).toBe(0);
  });

  it('a missing session, a bad body or unknown fields', async () => {
    const { token, id, email } = await learner();
    const order = await buy(token);
    const paid = await pay(order.body.orderId);
    expect((await call('POST', '/api/v1/order', { body: { courseId: DM, ...paid } })).status).toBe(401);
    const missing = await call('POST', '/api/v1/order', { token, body: { courseId: DM } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^razorpay_order_id: /),
        expect.stringMatching(/^razorpay_payment_id: /),
        expect.stringMatching(/^razorpay_signature: /),
      ]),
    );
    const extra = await call('POST', '/api/v1/order', { token, body: { courseId: DM, ...paid, status: 'success', amount: 1 } });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.join(' ')).toMatch(/Unknown fields: status, amount/);
    const badCourse = await call('POST', '/api/v1/order', { token, body: { courseId: 'xyz', ...paid } });
    expect(badCourse.status).toBe(400);
    await nothingRecorded(id, paid.razorpay_order_id, email);
  });
});

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
    const [order] = await db.sql<{ refund_id: string | null }[]>`select refund_id from course_orders where payment_id = ${paymentId}`;
    return { gateway: row!.refund_id, recorded: order!.refund_id, at: row!.refunded_at };
  }

  it('two orders for one course paid in two tabs: one purchase, the second capture refunded through the gateway', async () => {
    const { token, id, email } = await learner();
    const first = await buy(token, PM);
    const second = await buy(token, PM);
    const paidFirst = await pay(first.body.orderId);
    const paidSecond = await pay(second.body.orderId);
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
    await expect(
      db.sql`update course_orders set status = 'paid', refund_id = null where account_id = ${id} and status = 'duplicate'`,
    ).rejects.toThrow(/course_orders_one_paid_purchase/);
  });

  it('a duplicate capture reported only by the webhook is refunded too, once', async () => {
    const { token, id, email } = await learner();
    const first = await buy(token, DM);
    const second = await buy(token, DM);
    const paidFirst = await pay(first.body.orderId);
    const paidSecond = await pay(second.body.orderId);
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

describe('GET /api/v1/user/purchases', () => {
  it('needs a session', async () => {
    const res = await call('GET', '/api/v1/user/purchases');
    expect(res.status).toBe(401);
  });
});
