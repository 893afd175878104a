import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, resetEnvForTests, checkoutSignature } from '../../../netlify/lib/platform/index.ts';
import { useGatewayForTests, type PaymentGateway, recheckUnpaidOrders } from '../../../netlify/lib/payments/index.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { openFeeOrder, registered, sandboxPay } from '../registrations/kit.ts';

const SANDBOX_SECRET = 'sandbox-secret-for-payment-tests';
const db = useTestDatabase({ SANDBOX_PAYMENT_SECRET: SANDBOX_SECRET });

afterAll(() => useGatewayForTests(undefined));

function sign(body: string, secret = SANDBOX_SECRET): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

let eventCounter = 0;
function webhookEvent(event: string, payment: { id: string; order_id: string; amount: number; status: string; currency?: string }) {
  eventCounter++;
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['payment'],
    payload: { payment: { entity: { entity: 'payment', currency: 'INR', method: 'upi', ...payment } } },
    created_at: Math.floor(Date.now() / 1000),
  });
  return { body, eventId: `evt_test_${process.pid}_${eventCounter}` };
}

async function postWebhook(body: string, eventId: string, signature = sign(body)) {
  return call('POST', '/api/v1/payment/webhook', {
    rawBody: body,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
  });
}

async function paidRows(orderId: string) {
  return db.sql<
    { status: string; payment_id: string | null }[]
  >`select status, payment_id from registration_payments where order_id = ${orderId}`;
}

async function receipts(email: string): Promise<{ subject: string; text_body: string }[]> {
  return db.sql`select subject, text_body from email_outbox where to_address = ${email} and tag = 'registration-receipt'`;
}

describe('registration fee through the sandbox checkout', () => {
  it('pays the hybrid fee: one paid record, the registration is paid, one receipt with amount, id, date, programme', async () => {
    const visitor = await registered(db);
    const order = await openFeeOrder(visitor.registrationToken, 'hybrid');
    expect(order.amount).toBe(850_000);
    const result = await sandboxPay(order.orderId);
    expect(result.razorpay_signature).toBe(checkoutSignature(SANDBOX_SECRET, order.orderId, result.razorpay_payment_id));

    const paid = await call('POST', '/api/v1/user/register-paid', { body: { registrationToken: visitor.registrationToken, ...result } });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      success: true,
      message: 'Payment successful!',
      registration: {
        name: 'Asha Verma',
        email: visitor.email,
        amount: 8500,
        paymentId: result.razorpay_payment_id,
        status: 'paid',
        programName: 'Hybrid programme',
      },
    });
    expect(await paidRows(order.orderId)).toEqual([{ status: 'paid', payment_id: result.razorpay_payment_id }]);
    const [registration] = await db.sql`select status from registrations where id = ${visitor.registrationId}`;
    expect(registration?.status).toBe('paid');
    const mails = await receipts(visitor.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('₹8,500');
    expect(mails[0]!.text_body).toContain(result.razorpay_payment_id);
    expect(mails[0]!.text_body).toContain('Programme: Hybrid programme');
    expect(mails[0]!.text_body).toMatch(/Date: \d{1,2} \w+ \d{4}/);

    // A replay of the same result answers the same and records nothing new.
    const again = await call('POST', '/api/v1/user/register-paid', { body: { registrationToken: visitor.registrationToken, ...result } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(paid.body);
    expect(await receipts(visitor.email)).toHaveLength(1);
    const [ledger] = await db.sql`select status, completed_by from payment_orders where id = ${order.orderId}`;
    expect(ledger).toEqual({ status: 'paid', completed_by: 'checkout' });
  });

  it('refuses a tampered signature, a payment id swapped in, and an order of another registration: nothing recorded', async () => {
    const alice = await registered(db);
    const bob = await registered(db);
    const aliceOrder = await openFeeOrder(alice.registrationToken, 'online');
    const bobOrder = await openFeeOrder(bob.registrationToken, 'online');
    const aliceResult = await sandboxPay(aliceOrder.orderId);
    const bobResult = await sandboxPay(bobOrder.orderId);

    const flipped = aliceResult.razorpay_signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const tampered = await call('POST', '/api/v1/user/register-paid', {
      body: { registrationToken: alice.registrationToken, ...aliceResult, razorpay_signature: flipped },
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body.errors).toMatch(/signature/);

    const swapped = await call('POST', '/api/v1/user/register-paid', {
      body: { registrationToken: alice.registrationToken, ...aliceResult, razorpay_payment_id: bobResult.razorpay_payment_id },
    });
    expect(swapped.status).toBe(400);

    // Bob's genuine, correctly signed payment presented with Alice's registration.
    const foreign = await call('POST', '/api/v1/user/register-paid', {
      body: { registrationToken: alice.registrationToken, ...bobResult },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toMatch(/does not belong to your registration/);

    const unknown = await call('POST', '/api/v1/user/register-paid', { body: { registrationToken: 'x'.repeat(43), ...aliceResult } });
    expect(unknown.status).toBe(401);

    expect(await paidRows(aliceOrder.orderId)).toEqual([{ status: 'created', payment_id: null }]);
    expect(await paidRows(bobOrder.orderId)).toEqual([{ status: 'created', payment_id: null }]);
    expect(await receipts(alice.email)).toHaveLength(0);
    expect(await receipts(bob.email)).toHaveLength(0);
  });

  it('refuses bad bodies with a 400 naming the field', async () => {
    const visitor = await registered(db);
    const bad = await call('POST', '/api/v1/user/register-paid', {
      body: {
        registrationToken: visitor.registrationToken,
        razorpay_order_id: 'order_x',
        razorpay_payment_id: 'nope',
        razorpay_signature: 'zz',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/^razorpay_payment_id: /), expect.stringMatching(/^razorpay_signature: /)]),
    );
    const extra = await call('POST', '/api/v1/user/register-paid', {
      body: {
        registrationToken: visitor.registrationToken,
        razorpay_order_id: 'order_x',
        razorpay_payment_id: 'pay_x',
        razorpay_signature: 'a'.repeat(64),
        status: 'paid',
        amount: 1,
      },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual(expect.arrayContaining([expect.stringMatching(/Unknown fields?: status, amount/)]));
  });

  it('the sandbox "Fail" outcome records a failed attempt and nothing paid; a second pay of a paid order is refused', async () => {
    const visitor = await registered(db);
    const order = await openFeeOrder(visitor.registrationToken, 'online');
    const failed = await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: order.orderId, outcome: 'failure' } });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ success: false, error: { description: 'Payment failed', metadata: { order_id: order.orderId } } });
    expect(failed.body.razorpay_signature).toBeUndefined();
    const [ledger] = await db.sql`select status from payment_orders where id = ${order.orderId}`;
    expect(ledger?.status).toBe('failed');
    expect(await paidRows(order.orderId)).toEqual([{ status: 'created', payment_id: null }]);

    // After a failure the visitor may try again and succeed (failed -> paid is forward).
    const result = await sandboxPay(order.orderId);
    const paid = await call('POST', '/api/v1/user/register-paid', { body: { registrationToken: visitor.registrationToken, ...result } });
    expect(paid.status).toBe(200);
    const twice = await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: order.orderId, outcome: 'success' } });
    expect(twice.status).toBe(409);
    const unknown = await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: 'order_doesnotexist', outcome: 'success' } });
    expect(unknown.status).toBe(404);
    const bad = await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: order.orderId, outcome: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.stringMatching(/^outcome: /)]);
  });
});

describe('webhook', () => {
  it('refuses a bad or missing signature with 400 and writes nothing', async () => {
    const visitor = await registered(db);
    const order = await openFeeOrder(visitor.registrationToken, 'online');
    const result = await sandboxPay(order.orderId);
    const { body, eventId } = webhookEvent('payment.captured', {
      id: result.razorpay_payment_id,
      order_id: order.orderId,
      amount: order.amount,
      status: 'captured',
    });
    const before = await count(db, 'payment_events');
    for (const signature of [sign(body, 'wrong-secret'), sign(`${body} `), '']) {
      const answer = await postWebhook(body, eventId, signature);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toBe('Invalid webhook signature');
    }
    // The body changed after signing (amount raised): refused.
    const forged = body.replace(`"amount":${order.amount}`, `"amount":${order.amount * 10}`);
    expect((await postWebhook(forged, eventId, sign(body))).status).toBe(400);
    expect(await count(db, 'payment_events')).toBe(before);
    expect(await paidRows(order.orderId)).toEqual([{ status: 'created', payment_id: null }]);
  });

  it('records payment.captured once even when the browser never came back; a replayed event is a no-op', async () => {
    const visitor = await registered(db);
    const order = await openFeeOrder(visitor.registrationToken, 'elevate');
    const result = await sandboxPay(order.orderId);
    const { body, eventId } = webhookEvent('payment.captured', {
      id: result.razorpay_payment_id,
      order_id: order.orderId,
      amount: order.amount,
      status: 'captured',
    });
    const first = await postWebhook(body, eventId);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'processed', outcome: 'paid' });
    const replay = await postWebhook(body, eventId);
    expect(replay.body).toEqual({ status: 'duplicate' });
    // order.paid for the same payment (another event id): already recorded.
    const orderPaid = webhookEvent('order.paid', {
      id: result.razorpay_payment_id,
      order_id: order.orderId,
      amount: order.amount,
      status: 'captured',
    });
    expect((await postWebhook(orderPaid.body, orderPaid.eventId)).body).toEqual({ status: 'processed', outcome: 'already' });
    // A late payment.failed never moves a paid order backwards.
    const late = webhookEvent('payment.failed', {
      id: 'pay_Latefailure01',
      order_id: order.orderId,
      amount: order.amount,
      status: 'failed',
    });
    expect((await postWebhook(late.body, late.eventId)).status).toBe(200);

    expect(await paidRows(order.orderId)).toEqual([{ status: 'paid', payment_id: result.razorpay_payment_id }]);
    const [ledger] = await db.sql`select status, completed_by from payment_orders where id = ${order.orderId}`;
    expect(ledger).toEqual({ status: 'paid', completed_by: 'webhook' });
    expect(await receipts(visitor.email)).toHaveLength(1);
    // The browser arriving afterwards gets the normal answer.
    const browser = await call('POST', '/api/v1/user/register-paid', { body: { registrationToken: visitor.registrationToken, ...result } });
    expect(browser.status).toBe(200);
    expect(browser.body.registration).toMatchObject({ amount: 50000, programName: 'AspiraElevate' });
  });

  it('does not record a webhook payment whose amount or order does not match ours', async () => {
    const visitor = await registered(db);
    const order = await openFeeOrder(visitor.registrationToken, 'plor');
    const result = await sandboxPay(order.orderId);
    const cheap = webhookEvent('payment.captured', {
      id: result.razorpay_payment_id,
      order_id: order.orderId,
      amount: 100,
      status: 'captured',
    });
    expect((await postWebhook(cheap.body, cheap.eventId)).body).toEqual({ status: 'processed', outcome: 'mismatch' });
    const stranger = webhookEvent('payment.captured', {
      id: 'pay_Stranger000001',
      order_id: 'order_NotOurs000001',
      amount: 100,
      status: 'captured',
    });
    expect((await postWebhook(stranger.body, stranger.eventId)).body).toEqual({ status: 'processed', outcome: 'unknown-order' });
    expect(await paidRows(order.orderId)).toEqual([{ status: 'created', payment_id: null }]);
  });

  it('verify + webhook for the same payment fired together 50 times: exactly one paid record and one receipt', async () => {
    const visitor = await registered(db);
    const order = await openFeeOrder(visitor.registrationToken, 'hybrid');
    const result = await sandboxPay(order.orderId);
    const calls: Promise<{ status: number }>[] = [];
    for (let i = 0; i < 50; i++) {
      calls.push(call('POST', '/api/v1/user/register-paid', { body: { registrationToken: visitor.registrationToken, ...result } }));
      const event = webhookEvent(i % 2 ? 'payment.captured' : 'order.paid', {
        id: result.razorpay_payment_id,
        order_id: order.orderId,
        amount: order.amount,
        status: 'captured',
      });
      calls.push(postWebhook(event.body, event.eventId));
    }
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    const [paid] =
      await db.sql`select count(*)::int as n from registration_payments where payment_id = ${result.razorpay_payment_id} and status = 'paid'`;
    expect(paid?.n).toBe(1);
    expect(await receipts(visitor.email)).toHaveLength(1);
    expect(await count(db, "registration_payments where status = 'paid' and order_id = " + `'${order.orderId}'`)).toBe(1);
  });
});

describe('Razorpay mode (the gateway is asked before anything is recorded)', () => {
  const KEY_SECRET = 'rzp-test-key-secret';
  let fakePayment:
    { id: string; orderId: string; status: 'captured' | 'authorized' | 'failed'; amountPaise: number; currency: string } | undefined;
  let orderCounter = 0;
  const fake: PaymentGateway = {
    mode: 'test',
    keyId: 'rzp_test_fake',
    async createOrder({ amountPaise, receipt }) {
      orderCounter++;
      return { id: `order_Fake${process.pid}x${orderCounter}`, amountPaise, currency: 'INR', receipt };
    },
    verifyCheckoutSignature: (r) => r.razorpay_signature === checkoutSignature(KEY_SECRET, r.razorpay_order_id, r.razorpay_payment_id),
    async fetchPayment(id) {
      if (!fakePayment || fakePayment.id !== id) throw new Error('not found');
      return fakePayment;
    },
    async fetchOrderPayments(orderId) {
      return fakePayment && fakePayment.orderId === orderId ? [fakePayment] : [];
    },
    async refundPayment() {
      throw new Error('no refunds expected here');
    },
    async fetchRefund() {
      throw new Error('no refunds expected here');
    },
    async fetchPaymentRefunds() {
      return [];
    },
    listPayments: async () => [],
    listRefunds: async () => [],
    verifyWebhookSignature: () => false,
  };

  it('needs a captured payment for our order, amount and currency, not just a valid signature', async () => {
    useGatewayForTests(fake);
    try {
      const visitor = await registered(db);
      const order = await openFeeOrder(visitor.registrationToken, 'online');
      const paymentId = 'pay_FakeCapture001';
      const body = {
        registrationToken: visitor.registrationToken,
        razorpay_order_id: order.orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: checkoutSignature(KEY_SECRET, order.orderId, paymentId),
      };

      fakePayment = { id: paymentId, orderId: order.orderId, status: 'authorized', amountPaise: order.amount, currency: 'INR' };
      const pending = await call('POST', '/api/v1/user/register-paid', { body });
      expect(pending.status).toBe(202);
      expect(pending.body.success).toBe(false);

      fakePayment = { id: paymentId, orderId: order.orderId, status: 'captured', amountPaise: 100, currency: 'INR' };
      expect((await call('POST', '/api/v1/user/register-paid', { body })).status).toBe(400);
      fakePayment = { id: paymentId, orderId: order.orderId, status: 'captured', amountPaise: order.amount, currency: 'USD' };
      expect((await call('POST', '/api/v1/user/register-paid', { body })).status).toBe(400);
      fakePayment = { id: paymentId, orderId: 'order_SomeoneElse01', status: 'captured', amountPaise: order.amount, currency: 'INR' };
      expect((await call('POST', '/api/v1/user/register-paid', { body })).status).toBe(400);
      fakePayment = { id: paymentId, orderId: order.orderId, status: 'failed', amountPaise: order.amount, currency: 'INR' };
      expect((await call('POST', '/api/v1/user/register-paid', { body })).status).toBe(400);
      expect(await paidRows(order.orderId)).toEqual([{ status: 'created', payment_id: null }]);

      fakePayment = { id: paymentId, orderId: order.orderId, status: 'captured', amountPaise: order.amount, currency: 'INR' };
      const ok = await call('POST', '/api/v1/user/register-paid', { body });
      expect(ok.status).toBe(200);
      expect(await paidRows(order.orderId)).toEqual([{ status: 'paid', payment_id: paymentId }]);

      // The sandbox endpoint does not exist while a real gateway is active.
      const sandbox = await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: order.orderId, outcome: 'success' } });
      expect(sandbox.status).toBe(404);
      // Without the webhook secret every webhook is refused.
      const event = webhookEvent('payment.captured', { id: paymentId, order_id: order.orderId, amount: order.amount, status: 'captured' });
      expect((await postWebhook(event.body, event.eventId)).status).toBe(400);
    } finally {
      useGatewayForTests(undefined);
    }
  });

  it('the scheduled re-check records a captured payment of an order left unpaid for 15 minutes', async () => {
    useGatewayForTests(fake);
    try {
      const visitor = await registered(db);
      const order = await openFeeOrder(visitor.registrationToken, 'discover');
      expect(order.amount).toBe(15_157_050);
      fakePayment = { id: 'pay_FakeRecheck01', orderId: order.orderId, status: 'captured', amountPaise: order.amount, currency: 'INR' };
      // Too recent: left alone.
      await recheckUnpaidOrders();
      expect(await paidRows(order.orderId)).toEqual([{ status: 'created', payment_id: null }]);
      await db.sql`update payment_orders set created_at = now() - interval '16 minutes' where id = ${order.orderId}`;
      const run = await recheckUnpaidOrders();
      expect(run.completed).toBeGreaterThanOrEqual(1);
      expect(await paidRows(order.orderId)).toEqual([{ status: 'paid', payment_id: 'pay_FakeRecheck01' }]);
      expect(await receipts(visitor.email)).toHaveLength(1);
      const [ledger] = await db.sql`select completed_by from payment_orders where id = ${order.orderId}`;
      expect(ledger?.completed_by).toBe('recheck');
    } finally {
      useGatewayForTests(undefined);
    }
  });
});

describe('webhook when the database is down', () => {
  it('answers 5xx so Razorpay retries', async () => {
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: { entity: { id: 'pay_Down00000001', order_id: 'order_Down0000001', amount: 100, currency: 'INR', status: 'captured' } },
      },
    });
    const saved = process.env.DATABASE_URL;
    await closeDb();
    process.env.DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:1/postgres';
    resetEnvForTests();
    try {
      const answer = await postWebhook(body, 'evt_down');
      expect(answer.status).toBeGreaterThanOrEqual(500);
    } finally {
      await closeDb();
      process.env.DATABASE_URL = saved;
      resetEnvForTests();
    }
  });
});
