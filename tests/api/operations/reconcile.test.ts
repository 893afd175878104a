/**
 * The daily reconciliation against the sandbox gateway, which lists its payments and refunds as
 * Razorpay does: a clean day is recorded; a payment captured at the gateway but missing here, a
 * refund recorded here but unknown there and amounts that differ are listed, alert the owners
 * once, and show on the operations screen; the command takes a date range.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOperations, reconcileDay, yesterdayIst } from '../../../netlify/lib/operations/index.ts';
import { ROOT } from '../../../scripts/lib/database.ts';
import { makeAdmin, type TestAdmin } from '../leads/kit.ts';
import { openFeeOrder, registered, sandboxPay } from '../registrations/kit.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';

const testDb = useTestDatabase();
const today = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

async function paidRegistration(): Promise<{ orderId: string; paymentId: string; amount: number }> {
  const visitor = await registered(testDb);
  const order = await openFeeOrder(visitor.registrationToken, 'online');
  const result = await sandboxPay(order.orderId);
  const paid = await call('POST', '/api/v1/user/register-paid', { body: { registrationToken: visitor.registrationToken, ...result } });
  expect(paid.status, paid.text).toBe(200);
  return { orderId: order.orderId, paymentId: result.razorpay_payment_id, amount: order.amount };
}

function runReconcile(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'reconcile.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: testDb.url, LOG_LEVEL: 'silent' },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('daily reconciliation', () => {
  let owner: TestAdmin;

  it('records a clean day when every capture at the gateway is in our ledger at the same amount', async () => {
    owner = await makeAdmin('ReconcileOwner', 'owner');
    const paid = await paidRegistration();
    const day = await reconcileDay(today());
    expect(day).toMatchObject({ status: 'clean', gatewayMode: 'sandbox', mismatches: [], paymentsChecked: 1 });
    expect(day.gatewayCapturedPaise).toBe(paid.amount);
    expect(day.recordedCapturedPaise).toBe(paid.amount);
    expect(await count(testDb, `reconciliations where status = 'clean'`)).toBe(1);
    expect((await checkOperations()).emailed).toBe(0);
  });

  it('finds a payment captured at the gateway but not recorded here, and a refund recorded here the gateway does not know', async () => {
    const paid = await paidRegistration();
    // A capture our ledger never heard of (a webhook lost, a bug): it exists only in the gateway's books.
    await testDb.sql`insert into sandbox_orders (id, amount_paise, receipt) values ('order_SbxLost0001', 123400, 'lost')`;
    await testDb.sql`insert into sandbox_payments (id, order_id, amount_paise, status) values ('pay_SbxLost0001', 'order_SbxLost0001', 123400, 'captured')`;
    // A refund we recorded as processed that the gateway never made.
    await testDb.sql`
      insert into refunds (order_id, payment_id, amount_paise, reason, requested_by, idempotency_key, status, gateway_refund_id, processed_at)
      values (${paid.orderId}, ${paid.paymentId}, 50000, 'Goodwill', ${owner.id}, 'reconcile-test-key-1', 'processed', 'rfnd_SbxNeverMade01', now())`;

    const day = await reconcileDay(today());
    expect(day.status).toBe('mismatch');
    expect(day.mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'payment-missing-here', id: 'pay_SbxLost0001', gatewayPaise: 123400, recordedPaise: null }),
        expect.objectContaining({
          kind: 'refund-missing-at-gateway',
          id: 'rfnd_SbxNeverMade01',
          paymentId: paid.paymentId,
          recordedPaise: 50000,
        }),
      ]),
    );
    expect(day.mismatches).toHaveLength(2);
    expect(day.gatewayCapturedPaise - day.recordedCapturedPaise).toBe(123400);
  });

  it('finds amounts that differ, both ways', async () => {
    const paid = await paidRegistration();
    await testDb.sql`update sandbox_payments set amount_paise = amount_paise + 100 where id = ${paid.paymentId}`;
    const day = await reconcileDay(today());
    expect(day.mismatches).toContainEqual(
      expect.objectContaining({ kind: 'payment-amount', id: paid.paymentId, gatewayPaise: paid.amount + 100, recordedPaise: paid.amount }),
    );
    await testDb.sql`update sandbox_payments set amount_paise = amount_paise - 100 where id = ${paid.paymentId}`;
  });

  it('emails the owners about a mismatched day once, and lists it on the operations screen', async () => {
    const first = await checkOperations();
    expect(first.emailed).toBe(1);
    expect((await checkOperations()).emailed).toBe(0);
    const [email] = await testDb.sql<{ to_address: string; subject: string; text_body: string }[]>`
      select to_address, subject, text_body from email_outbox where tag = 'operations-alert'`;
    expect(email!.to_address).toBe(owner.email);
    expect(email!.subject).toContain(`Payments of ${today()} do not match the gateway`);
    expect(email!.text_body).toContain('/admin/operations');

    const screen = await call('GET', '/api/v1/admin/operations', { token: owner.token });
    expect(screen.status, screen.text).toBe(200);
    expect(screen.body.reconciliations[0]).toMatchObject({ day: today(), status: 'mismatch' });
    expect(screen.body.alerts).toContainEqual(expect.objectContaining({ problem: `reconcile:${today()}`, resolvedAt: null }));
  });

  it('owners reconcile a range again from the screen (at most 31 days); counsellors may not', async () => {
    const counsellor = await makeAdmin('ReconcileCounsellor', 'counsellor');
    const path = '/api/v1/admin/operations/reconcile';
    const range = { from: yesterdayIst(), to: today() };
    expect((await call('POST', path, { token: counsellor.token, body: range })).status).toBe(403);
    expect((await call('POST', path, { token: owner.token, body: { from: today(), to: yesterdayIst() } })).status).toBe(400);
    expect((await call('POST', path, { token: owner.token, body: { from: '2026-01-01', to: '2026-03-01' } })).status).toBe(400);
    const again = await call('POST', path, { token: owner.token, body: range });
    expect(again.status, again.text).toBe(200);
    expect(again.body.reconciliations.map((d: { day: string; status: string }) => `${d.day} ${d.status}`)).toEqual([
      `${yesterdayIst()} clean`,
      `${today()} mismatch`,
    ]);
  });

  it('npm run reconcile takes a date range, prints every difference and exits 1 on a mismatch', { timeout: 60_000 }, async () => {
    const run = await runReconcile(['--from', yesterdayIst(), '--to', today()]);
    expect(run.output).toContain(`${yesterdayIst()} (sandbox): clean`);
    expect(run.output).toContain(`${today()} (sandbox): mismatch`);
    expect(run.output).toContain('Captured at the gateway, not recorded here: pay_SbxLost0001');
    expect(run.code).toBe(1);
    const bad = await runReconcile(['--from', 'yesterday']);
    expect(bad.code).toBe(2);
    expect(bad.output).toMatch(/--from: Use a date like/);
  });
});
