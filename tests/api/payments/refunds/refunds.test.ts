/** Owners refund a course or a registration fee: in full or in part, once, within the policy. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db as sharedDb } from '../../../../netlify/lib/platform/index.ts';
import { refundedByOrder } from '../../../../netlify/lib/payments/index.ts';
import { OUTSIDE_POLICY } from '../../../../src/shared/refund.ts';
import { call, count, useTestDatabase } from '../../support/harness.ts';
import { openFeeOrder, registered, sandboxPay } from '../../registrations/kit.ts';
import { DM, DM_PAISE, PM, REFUND_SANDBOX_SECRET, refundKit } from './kit.ts';

const db = useTestDatabase({ SANDBOX_PAYMENT_SECRET: REFUND_SANDBOX_SECRET });
const { account, owner, purchase, refund, refundsOf, creditNotes, refundEmails, purchases, check } = refundKit(db);

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

  it('a buyer who was erased is refunded all the same; no email is written, since no address is left', async () => {
    const token = await owner();
    const p = await purchase();
    const erased = await call('POST', '/api/v1/admin/privacy/erase', { token, body: { email: p.email, confirm: 'ERASE' } });
    expect(erased.status, erased.text).toBe(200);
    const res = await refund({ orderId: p.orderId, full: true, reason: 'Asked before erasure' }, token);
    expect(res.status, res.text).toBe(201);
    expect((await check(res.body.refund.id, token)).body.refund.status).toBe('processed');
    expect(await creditNotes(p.orderId)).toHaveLength(1);
    expect(await count(db, `email_outbox where tag = 'refund-processed' and to_address like '%.invalid'`)).toBe(0);
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
});
