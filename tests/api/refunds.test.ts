import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db as sharedDb } from '../../netlify/lib/db.ts';
import { hmacSha256Hex } from '../../netlify/lib/payments/hmac.ts';
import { refundedByOrder } from '../../netlify/lib/payments/refund-records.ts';
import { recheckPendingRefunds } from '../../netlify/lib/payments/recheck.ts';
import { useGatewayForTests } from '../../netlify/lib/payments/index.ts';
import { SANDBOX_FAIL_REFUND, SANDBOX_REFUSE_REFUND, sandboxGateway } from '../../netlify/lib/payments/sandbox.ts';
import { OUTSIDE_POLICY } from '../../src/shared/refund.ts';
import { call, count, testAccount, useTestDatabase } from './harness.ts';
import { openFeeOrder, registered, sandboxPay } from './registration-flow.ts';

const SANDBOX_SECRET = 'sandbox-secret-for-refund-tests';
const db = useTestDatabase({ SANDBOX_PAYMENT_SECRET: SANDBOX_SECRET });
const DM = '6801c2a4f1e2b3c4d5e6fd57'; // Digital Marketing, ₹2,49,000
const PM = '6801c2a4f1e2b3c4d5e6fd68'; // Product Management, ₹2,99,000
const DM_PAISE = 24_900_000;

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
      'x-razorpay-signature': hmacSha256Hex(SANDBOX_SECRET, raw),
      'x-razorpay-event-id': eventId,
    },
  });
}

describe('POST /api/v1/admin/refunds', () => {
  it('refunds a course in full: pending, then processed on a check; gone from purchases, one email, buyable again', async () => {
    const token = await owner();
    const p = await purchase();
    expect(await purchases(p.token)).toHaveLength(1);
    const res = await refund({ orderId: p.orderId, full: true, reason: 'Joined by mistake' }, token);
    expect(res.status).toBe(201);
    expect(res.body.refund).toMatchObject({ status: 'pending', amount: 249000, reason: 'Joined by mistake', outsidePolicy: false });
    expect(res.body.refund.gatewayRefundId).toMatch(/^rfnd_/);
    // Still owned while the bank has not confirmed.
    expect(await purchases(p.token)).toHaveLength(1);
    const checked = await check(res.body.refund.id, token);
    expect(checked.status).toBe(200);
    expect(checked.body.refund.status).toBe('processed');
    expect(await purchases(p.token)).toHaveLength(0);
    expect(await refundEmails(p.email)).toBe(1);
    const [mail] = await db.sql<{ subject: string; text_body: string }[]>`
      select subject, text_body from email_outbox where to_address = ${p.email} and tag = 'refund-processed'`;
    expect(mail!.subject).toBe('Your Aspira refund: ₹2,49,000');
    expect(mail!.text_body).toContain('refunded your purchase of Digital Marketing in full');
    // A credit note against the invoice, for the whole amount, linked from the email.
    const notes = await creditNotes(p.orderId);
    expect(notes).toHaveLength(1);
    expect(Number(notes[0]!.total_paise)).toBe(DM_PAISE);
    expect(notes[0]!.reason).toContain('Joined by mistake');
    expect(checked.body.refund.creditNoteId).toBe(notes[0]!.id);
    expect(mail!.text_body).toContain(`Credit note: ${notes[0]!.number}`);
    expect(mail!.text_body).toMatch(/Download your credit note: http\S+credit-notes\/\S+/);
    // Logged with who and why.
    const [audit] = await db.sql<{ action: string; details: { reason: string; amountPaise: number } }[]>`
      select action, details from admin_audit_log where subject_id = ${p.orderId}`;
    expect(audit).toMatchObject({ action: 'payment.refund', details: { reason: 'Joined by mistake', amountPaise: DM_PAISE } });
    // The course can be bought again.
    expect((await call('POST', `/api/v1/course/buy/${DM}`, { token: p.token })).status).toBe(201);
    // And nothing is left to refund.
    const again = await refund({ orderId: p.orderId, full: true, reason: 'again' }, token);
    expect(again.status).toBe(409);
    expect(again.body.errors).toBe('This payment is already refunded in full');
  });

  it('refunds in part: the purchase stays until the whole amount is refunded; the limit is what is left', async () => {
    const token = await owner();
    const p = await purchase(PM);
    const first = await refund({ orderId: p.orderId, full: false, amount: 1000.5, reason: 'Scholarship granted later' }, token);
    expect(first.status).toBe(201);
    expect(first.body.refund.amount).toBe(1000.5);
    await check(first.body.refund.id, token);
    expect(await purchases(p.token)).toHaveLength(1);
    const [mail] = await db.sql<
      { text_body: string }[]
    >`select text_body from email_outbox where to_address = ${p.email} and tag = 'refund-processed'`;
    expect(mail!.text_body).toContain('We have refunded ₹1,000.50 of your purchase of Product Management (₹2,99,000 paid).');
    // Over the limit: 409 naming what is left; nothing written.
    const before = await count(db, 'refunds');
    const over = await refund({ orderId: p.orderId, full: false, amount: 298000, reason: 'Too much' }, token);
    expect(over.status).toBe(409);
    expect(over.body.errors).toBe('amount: The refund can be at most ₹2,97,999.50 (₹2,99,000 paid, ₹1,000.50 refunded or being refunded)');
    expect(await count(db, 'refunds')).toBe(before);
    // The rest, in full: processed, the course leaves the purchases.
    const rest = await refund({ orderId: p.orderId, full: true, reason: 'Left the programme' }, token);
    expect(rest.body.refund.amount).toBe(297999.5);
    await check(rest.body.refund.id, token);
    expect(await purchases(p.token)).toHaveLength(0);
    expect(await refundEmails(p.email)).toBe(2);
    expect((await creditNotes(p.orderId)).map((c) => Number(c.total_paise))).toEqual([100_050, 29_799_950]);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const token = await owner();
    const p = await purchase();
    const before = await count(db, 'refunds');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ orderId: p.orderId, full: true, reason: '' }, /^reason: Enter the reason/],
      [{ orderId: p.orderId, full: true, reason: 'x'.repeat(501) }, /^reason: The reason must be at most 500/],
      [{ orderId: p.orderId, full: false, reason: 'why' }, /^amount: Enter the amount/],
      [{ orderId: p.orderId, full: false, amount: -5, reason: 'why' }, /^amount: The amount to refund must be more than/],
      [{ orderId: p.orderId, full: false, amount: 10.001, reason: 'why' }, /^amount: The amount can have at most 2 decimals/],
      [{ orderId: p.orderId, full: true, reason: 'why', amountPaise: 1 }, /^Unknown field: amountPaise/],
      [{ orderId: p.orderId, full: true, reason: 'why', idempotencyKey: 'short' }, /^idempotencyKey: /],
    ];
    for (const [body, message] of cases) {
      const res = await refund(body, token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.join('\n')).toMatch(message);
    }
    const unknown = await refund({ orderId: 'order_nope', full: true, reason: 'why' }, token);
    expect(unknown.status).toBe(404);
    expect(await count(db, 'refunds')).toBe(before);
  });

  it('a double click (the same key twice, even at once) makes one refund', async () => {
    const token = await owner();
    const p = await purchase();
    const body = { orderId: p.orderId, full: false, amount: 500, reason: 'Double click', idempotencyKey: randomUUID() };
    const answers = await Promise.all([refund(body, token), refund(body, token), refund(body, token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.refund.id)).size).toBe(1);
    expect(await refundsOf(p.orderId)).toHaveLength(1);
    expect(await count(db, `sandbox_refunds where payment_id = '${p.paymentId}'`)).toBe(1);
  });

  it('two partial refunds at once that together exceed the payment: one succeeds, the other is refused', async () => {
    const token = await owner();
    const p = await purchase();
    const [a, b] = await Promise.all([
      refund({ orderId: p.orderId, full: false, amount: 150000, reason: 'First admin' }, token),
      refund({ orderId: p.orderId, full: false, amount: 150000, reason: 'Second admin' }, token),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const rows = await refundsOf(p.orderId);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.amount_paise)).toBe(15_000_000);
  });

  it('a retried webhook changes the status once, sends one email; refund.processed before the answer was saved is found by our receipt', async () => {
    const token = await owner();
    const p = await purchase();
    const res = await refund({ orderId: p.orderId, full: true, reason: 'Webhook retry' }, token);
    const r = res.body.refund;
    // As if the webhook came before the create call's answer was saved: found by our receipt.
    await db.sql`update refunds set gateway_refund_id = null where id = ${r.id}`;
    const entity = { id: r.gatewayRefundId, payment_id: p.paymentId, amount: DM_PAISE, receipt: r.id };
    const first = await refundWebhook('refund.processed', entity, 'evt_refund_1');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'processed', outcome: 'refund-settled' });
    expect((await refundWebhook('refund.processed', entity, 'evt_refund_1')).body.status).toBe('duplicate');
    // The same outcome again under another event id: nothing changes.
    expect((await refundWebhook('refund.processed', entity, 'evt_refund_2')).body).toEqual({
      status: 'processed',
      outcome: 'refund-unchanged',
    });
    // A late refund.failed cannot undo a processed refund.
    expect((await refundWebhook('refund.failed', entity, 'evt_refund_3')).body.outcome).toBe('refund-unchanged');
    expect((await refundsOf(p.orderId)).map((x) => [x.status, x.gateway_refund_id])).toEqual([['processed', r.gatewayRefundId]]);
    expect(await refundEmails(p.email)).toBe(1);
    expect(await creditNotes(p.orderId)).toHaveLength(1);
    // The re-check and a check afterwards change nothing either.
    await recheckPendingRefunds({ everyMinutes: 0 });
    expect((await check(r.id, token)).body.refund.status).toBe('processed');
    expect(await refundEmails(p.email)).toBe(1);
    expect(await creditNotes(p.orderId)).toHaveLength(1);
  });

  it('ignores a refund webhook for a refund that is not ours, and refuses a bad signature', async () => {
    const stranger = await refundWebhook(
      'refund.processed',
      { id: 'rfnd_Stranger', payment_id: 'pay_x', amount: 100, receipt: 'other' },
      'evt_stranger',
    );
    expect(stranger.body).toEqual({ status: 'ignored' });
    const raw = JSON.stringify({ event: 'refund.processed', payload: {} });
    const forged = await call('POST', '/api/v1/payment/webhook', {
      rawBody: raw,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacSha256Hex('wrong', raw),
        'x-razorpay-event-id': 'evt_forged',
      },
    });
    expect(forged.status).toBe(400);
  });

  it('a refund that fails at the bank is failed, no email, and its amount is available again', async () => {
    const token = await owner();
    const p = await purchase();
    const res = await refund({ orderId: p.orderId, full: true, reason: `Bank trouble ${SANDBOX_FAIL_REFUND}` }, token);
    expect(res.status).toBe(201);
    const checked = await check(res.body.refund.id, token);
    expect(checked.body.refund).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/could not complete/) });
    expect(await refundEmails(p.email)).toBe(0);
    expect(await creditNotes(p.orderId)).toHaveLength(0);
    expect(await purchases(p.token)).toHaveLength(1);
    const retry = await refund({ orderId: p.orderId, full: true, reason: 'Second try' }, token);
    expect(retry.status).toBe(201);
    expect(retry.body.refund.amount).toBe(249000);
  });

  it('a refund the gateway refuses outright is kept as failed (502) and frees its amount', async () => {
    const token = await owner();
    const p = await purchase();
    const body = { orderId: p.orderId, full: true, reason: `Refused ${SANDBOX_REFUSE_REFUND}`, idempotencyKey: randomUUID() };
    const res = await refund(body, token);
    expect(res.status).toBe(502);
    expect(res.body.errors).toBe('The payment provider refused the refund: The sandbox refused this refund');
    // The same form sent again: the same (failed) refund, said so; the gateway is not asked twice.
    const again = await refund(body, token);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('This refund was already tried and failed: The sandbox refused this refund');
    expect((await refundsOf(p.orderId)).map((r) => r.status)).toEqual(['failed']);
    expect((await refund({ orderId: p.orderId, full: true, reason: 'Again' }, token)).status).toBe(201);
  });

  it('the scheduled re-check completes a pending refund (and a refund.failed webhook fails one)', async () => {
    const token = await owner();
    const p = await purchase();
    const a = await refund({ orderId: p.orderId, full: false, amount: 1000, reason: 'Re-check me' }, token);
    expect(a.body.refund.status).toBe('pending');
    const b = await refund({ orderId: p.orderId, full: false, amount: 2000, reason: 'Fail me by webhook' }, token);
    const failed = await refundWebhook(
      'refund.failed',
      { id: b.body.refund.gatewayRefundId, payment_id: p.paymentId, amount: 200_000, receipt: b.body.refund.id },
      'evt_failed_1',
    );
    expect(failed.body.outcome).toBe('refund-settled');
    const result = await recheckPendingRefunds({ everyMinutes: 0 });
    expect(result.settled).toBeGreaterThanOrEqual(1);
    const rows = await refundsOf(p.orderId);
    expect(rows.map((r) => [r.reason, r.status])).toEqual([
      ['Re-check me', 'processed'],
      ['Fail me by webhook', 'failed'],
    ]);
    expect(await refundEmails(p.email)).toBe(1);
  });

  it('outside the 7-day policy: 409 with a clear message unless the owner confirms', async () => {
    const token = await owner();
    const p = await purchase();
    await db.sql`update payment_orders set paid_at = now() - interval '8 days' where id = ${p.orderId}`;
    const refused = await refund({ orderId: p.orderId, full: true, reason: 'Late request' }, token);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toBe(OUTSIDE_POLICY);
    expect(await refundsOf(p.orderId)).toHaveLength(0);
    const confirmed = await refund({ orderId: p.orderId, full: true, reason: 'Late request', confirmOutsidePolicy: true }, token);
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.refund.outsidePolicy).toBe(true);
  });

  it('owners only: a counsellor gets 403, a learner 403, nobody 401; nothing written', async () => {
    const p = await purchase();
    const counsellor = await account('admin', 'counsellor');
    const body = { orderId: p.orderId, full: true, reason: 'Not mine to refund' };
    expect((await refund(body, counsellor.token)).status).toBe(403);
    expect((await refund(body, p.token)).status).toBe(403);
    expect((await refund(body)).status).toBe(401);
    expect((await call('GET', '/api/v1/admin/money', { token: counsellor.token })).status).toBe(403);
    expect(await refundsOf(p.orderId)).toHaveLength(0);
  });

  it('refunds a registration fee in full: the money view shows it as refunded, the learner is told', async () => {
    const token = await owner();
    const { email, registrationToken } = await registered(db);
    const order = await openFeeOrder(registrationToken);
    const paid = await call('POST', '/api/v1/user/register-paid', { body: { registrationToken, ...(await sandboxPay(order.orderId)) } });
    expect(paid.status).toBe(200);
    const res = await refund({ orderId: order.orderId, full: true, reason: 'Could not join this batch' }, token);
    expect(res.status).toBe(201);
    await check(res.body.refund.id, token);
    const view = await call('GET', '/api/v1/admin/money?kind=registration', { token });
    expect(view.status).toBe(200);
    const row = view.body.payments.find((x: { orderId: string }) => x.orderId === order.orderId);
    expect(row).toMatchObject({ kind: 'registration', status: 'refunded', refundable: 0, email });
    const [mail] = await db.sql<
      { text_body: string }[]
    >`select text_body from email_outbox where to_address = ${email} and tag = 'refund-processed'`;
    expect(mail!.text_body).toMatch(/refunded your registration fee for .+ in full/);
    // What other screens read (the learner's applications): the whole fee, refunded.
    const refunded = await refundedByOrder(sharedDb(), [order.orderId, 'order_unknown']);
    expect([...refunded]).toEqual([[order.orderId, order.amount]]);
  });

  it('a lost answer from the gateway: 202 pending; the re-check finds the refund by our receipt, or fails it after 10 minutes', async () => {
    const token = await owner();
    const sandbox = sandboxGateway(SANDBOX_SECRET);
    let reached = true;
    useGatewayForTests({
      ...sandbox,
      async refundPayment(paymentId, input) {
        if (reached) await sandbox.refundPayment(paymentId, input);
        throw new Error('socket hang up');
      },
    });
    try {
      // The gateway made the refund, its answer never came.
      const p = await purchase();
      const lost = await refund({ orderId: p.orderId, full: false, amount: 700, reason: 'Answer lost' }, token);
      expect(lost.status).toBe(202);
      expect(lost.body.refund).toMatchObject({ status: 'pending', gatewayRefundId: null });
      await recheckPendingRefunds({ everyMinutes: 0 });
      const [found] = await refundsOf(p.orderId);
      expect(found!.status).toBe('processed');
      expect(found!.gateway_refund_id).toMatch(/^rfnd_/);
      // The gateway never got it: pending for 10 minutes, then failed and the amount is free again.
      reached = false;
      const q = await purchase();
      expect((await refund({ orderId: q.orderId, full: true, reason: 'Never arrived' }, token)).status).toBe(202);
      await recheckPendingRefunds({ everyMinutes: 0 });
      expect((await refundsOf(q.orderId)).map((r) => r.status)).toEqual(['pending']);
      await db.sql`update refunds set created_at = now() - interval '11 minutes' where order_id = ${q.orderId}`;
      await recheckPendingRefunds({ everyMinutes: 0 });
      expect((await refundsOf(q.orderId)).map((r) => r.status)).toEqual(['failed']);
      useGatewayForTests(undefined);
      expect((await refund({ orderId: q.orderId, full: true, reason: 'Second try' }, token)).status).toBe(201);
    } finally {
      useGatewayForTests(undefined);
    }
  });
});
