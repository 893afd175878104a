/** Buying a course: the order at the database price, checkout to /purchases, and what /order refuses. */
import { describe, expect, it } from 'vitest';
import { env, hmacSha256Hex } from '../../../netlify/lib/platform/index.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { DM, PM, shopKit } from './kit.ts';

const db = useTestDatabase();
const { learner, buy, pay, webhook, ordersOf, receipts } = shopKit(db);

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
    const { token, id, email, firstName } = await learner();
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
      prefill: { name: `${firstName} Test`, email },
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

describe('GET /api/v1/user/purchases', () => {
  it('needs a session', async () => {
    const res = await call('GET', '/api/v1/user/purchases');
    expect(res.status).toBe(401);
  });
});
