/**
 * The payment ledger owns what every purpose shares: how a capture ended, who paid for what, and
 * the automatic refund of a capture that buys nothing, whatever the purpose; the reconciliation
 * reads those refunds from the ledger, a registration fee's included.
 */
import { describe, expect, it } from 'vitest';
import { reconcileDay } from '../../../netlify/lib/operations/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { newCode, sandbox } from '../codes/kit.ts';
import { newEmail, registered } from '../registrations/kit.ts';
import { DM, shopKit } from '../shop/kit.ts';

const db = useTestDatabase();
const { learner, buy, pay } = shopKit(db);
const today = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

type LedgerRow = { capture_outcome: string | null; buyer_email: string | null; greeting_name: string | null; item: string | null };
const ledger = async (orderId: string) =>
  (await db.sql<LedgerRow[]>`select capture_outcome, buyer_email, greeting_name, item from payment_orders where id = ${orderId}`)[0];

describe('the payment ledger', () => {
  it('keeps how a capture ended and who paid for what: a course bought, then paid again in a second tab', async () => {
    const { token, email, firstName } = await learner();
    const first = await buy(token);
    const second = await buy(token);
    const [paidFirst, paidSecond] = [await pay(first.body.orderId), await pay(second.body.orderId)];
    expect((await call('POST', '/api/v1/order', { token, body: { courseId: DM, ...paidFirst } })).status).toBe(200);
    expect((await call('POST', '/api/v1/order', { token, body: { courseId: DM, ...paidSecond } })).status).toBe(409);
    const snapshot = { buyer_email: email, greeting_name: firstName, item: 'Digital Marketing' };
    expect(await ledger(first.body.orderId)).toEqual({ capture_outcome: 'granted', ...snapshot });
    expect(await ledger(second.body.orderId)).toEqual({ capture_outcome: 'duplicate', ...snapshot });
  });

  it('refunds a registration fee whose code use was lost, and the day reconciles clean with that refund', async () => {
    const { code } = await newCode({ maxUses: 1, scope: 'registration-fees', percentOff: 50 });
    const open = (registrationToken: string) =>
      call('POST', '/api/v1/payment/create-order', { body: { registrationToken, feeOption: 'hybrid', state: '06', code } });
    const [ra, rb] = [await registered(db, newEmail('ledger-a')), await registered(db, newEmail('ledger-b'))];
    const a = await open(ra.registrationToken);
    expect(a.status, a.text).toBe(201);
    await db.sql`update discount_redemptions set reserved_until = now() - interval '1 minute' where order_id = ${a.body.order.id}`;
    const b = await open(rb.registrationToken);
    expect(b.status, b.text).toBe(201);
    const pay = (token: string, orderId: string) =>
      sandbox(orderId).then((result) => call('POST', '/api/v1/user/register-paid', { body: { registrationToken: token, ...result } }));
    expect((await pay(rb.registrationToken, b.body.order.id)).status).toBe(200);
    expect((await pay(ra.registrationToken, a.body.order.id)).status).toBe(409);
    const [refund] = await db.sql<{ refund_id: string | null }[]>`
      select s.refund_id from sandbox_payments s join payment_orders o on o.payment_id = s.id where o.id = ${a.body.order.id}`;
    expect(refund!.refund_id).toMatch(/^rfnd_/);

    const day = await reconcileDay(today());
    expect(day.mismatches).toEqual([]);
    // This fee's refund and the course's second capture refunded above, both found in the ledger.
    expect(day).toMatchObject({ status: 'clean', refundsChecked: 2 });
  });
});
