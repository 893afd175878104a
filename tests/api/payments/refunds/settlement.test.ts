/** A refund settles: webhooks (retried, foreign, forged), failures at the bank or gateway, and the scheduled re-check. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex } from '../../../../netlify/lib/platform/index.ts';
import {
  recheckPendingRefunds,
  useGatewayForTests,
  SANDBOX_FAIL_REFUND,
  SANDBOX_REFUSE_REFUND,
  sandboxGateway,
} from '../../../../netlify/lib/payments/index.ts';
import { call, useTestDatabase } from '../../support/harness.ts';
import { DM_PAISE, REFUND_SANDBOX_SECRET, refundKit } from './kit.ts';

const db = useTestDatabase({ SANDBOX_PAYMENT_SECRET: REFUND_SANDBOX_SECRET });
const { owner, purchase, refund, refundsOf, creditNotes, refundEmails, purchases, check, refundWebhook } = refundKit(db);

describe('a refund settles', () => {
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

  it('a lost answer from the gateway: 202 pending; the re-check finds the refund by our receipt, or fails it after 10 minutes', async () => {
    const token = await owner();
    const sandbox = sandboxGateway(REFUND_SANDBOX_SECRET);
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
