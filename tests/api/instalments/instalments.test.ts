import { describe, expect, it } from 'vitest';
import { runSweeps } from '../../../netlify/lib/payments/index.ts';
import { call, count, signupVerifiedLearner, useTestDatabase } from '../support/harness.ts';
import { admitLearner, admitPlanId, enrol, istToday, payPart, plusDays, webhook } from './kit.ts';
import { sandboxPay } from '../registrations/kit.ts';

const db = useTestDatabase();

const partsOf = (enrolmentId: string) =>
  db.sql<{ id: string; position: number; status: string; due_on: string; amount_paise: string; order_id: string | null }[]>`
    select id::text as id, position, status, to_char(due_on, 'YYYY-MM-DD') as due_on, amount_paise, order_id
    from enrolment_parts where enrolment_id = ${enrolmentId} order by position`;

describe('GET /api/v1/plans', () => {
  it('lists the AspiraAdmit plan: four parts of ₹50,000, ₹2,00,000 in all, after the AspiraAdmit registration fee', async () => {
    const res = await call('GET', '/api/v1/plans');
    expect(res.status).toBe(200);
    const admit = res.body.plans.find((p: { slug: string }) => p.slug === 'aspiraadmit');
    expect(admit).toMatchObject({
      name: 'AspiraAdmit fee in 4 parts',
      programme: 'AspiraAdmit',
      registrationFee: { option: 'admit', label: 'AspiraAdmit' },
      total: 200000,
      active: true,
    });
    expect(admit.parts).toEqual([
      { position: 1, label: 'Part 1', amount: 50000, dueAfterDays: 0, dueOn: null },
      { position: 2, label: 'Part 2', amount: 50000, dueAfterDays: 30, dueOn: null },
      { position: 3, label: 'Part 3', amount: 50000, dueAfterDays: 60, dueOn: null },
      { position: 4, label: 'Part 4', amount: 50000, dueAfterDays: 90, dueOn: null },
    ]);
  });
});

describe('POST /api/v1/plans/{id}/enrol', () => {
  it('needs a confirmed learner, and the registration fee paid first (400 pointing to /information), writing nothing', async () => {
    const planId = await admitPlanId(db);
    expect((await call('POST', `/api/v1/plans/${planId}/enrol`, { body: {} })).status).toBe(401);
    const learner = await admitLearner(db, false);
    const before = await count(db, 'plan_enrolments');
    const res = await enrol(learner.token, planId);
    expect(res.status).toBe(400);
    expect(res.body.errors.join(' ')).toMatch(/AspiraAdmit registration fee at \/information/);
    expect(await count(db, 'plan_enrolments')).toBe(before);
    expect((await enrol(learner.token, '999999')).status).toBe(404);
    expect((await enrol(learner.token, 'abc')).status).toBe(400);
  });

  it('copies the parts with due dates from enrolment (IST days) and answers 409 with the enrolment on a second try', async () => {
    const planId = await admitPlanId(db);
    const learner = await admitLearner(db);
    const res = await enrol(learner.token, planId);
    expect(res.status, res.text).toBe(201);
    const today = istToday();
    expect(res.body.enrolment).toMatchObject({ status: 'active', total: 200000, paid: 0, outstanding: 200000, discountCode: null });
    expect(res.body.enrolment.parts.map((p: { dueOn: string; status: string; amount: number }) => [p.dueOn, p.status, p.amount])).toEqual([
      [today, 'due', 50000],
      [plusDays(today, 30), 'due', 50000],
      [plusDays(today, 60), 'due', 50000],
      [plusDays(today, 90), 'due', 50000],
    ]);
    const again = await enrol(learner.token, planId);
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual(['You are already enrolled in this plan']);
    expect(again.body.enrolment.id).toBe(res.body.enrolment.id);
    expect(await count(db, `plan_enrolments where account_id = '${learner.id}'`)).toBe(1);
  });

  it('refuses a plan switched off (400) and an unknown code (400), writing nothing', async () => {
    const learner = await admitLearner(db);
    const planId = await admitPlanId(db);
    const bad = await enrol(learner.token, planId, 'NO-SUCH-CODE');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.join(' ')).toMatch(/^code: /);
    await db.sql`update instalment_plans set active = false where id = ${planId}`;
    const closed = await enrol(learner.token, planId);
    await db.sql`update instalment_plans set active = true where id = ${planId}`;
    expect(closed.status).toBe(400);
    expect(closed.body.errors).toMatch(/not open/);
    expect(await count(db, `plan_enrolments where account_id = '${learner.id}'`)).toBe(0);
  });
});

describe('paying the parts', () => {
  it('pays part 1 in the sandbox: one paid part, its own invoice and a receipt listing what is still due; a replay and the webhook add nothing', async () => {
    const learner = await admitLearner(db);
    const { body } = await enrol(learner.token, await admitPlanId(db));
    const part1 = body.enrolment.parts[0].id;
    const { order, result, paid } = await payPart(learner.token, part1);
    expect(order).toMatchObject({
      amount: 5_000_000,
      currency: 'INR',
      mode: 'sandbox',
      part: { label: 'Part 1', plan: 'AspiraAdmit fee in 4 parts' },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ status: 'success', message: 'Payment Successful', partId: part1 });
    const parts = await partsOf(body.enrolment.id);
    expect(parts.map((p) => p.status)).toEqual(['paid', 'due', 'due', 'due']);
    const [invoice] = await db.sql<{ number: string; total_paise: string; description: string; purpose: string }[]>`
      select number, total_paise, description, purpose from invoices where order_id = ${order.orderId}`;
    expect(invoice).toMatchObject({
      total_paise: '5000000',
      description: 'AspiraAdmit fee in 4 parts: part 1 of 4',
      purpose: 'instalment',
    });
    expect(invoice!.number).toMatch(/^ASP\/\d{2}-\d{2}\/\d{6}$/);
    const receipts = await db.sql<{ text_body: string; subject: string }[]>`
      select subject, text_body from email_outbox where to_address = ${learner.email} and tag = 'instalment-receipt'`;
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Your Aspira receipt: AspiraAdmit fee in 4 parts, Part 1');
    expect(receipts[0]!.text_body).toContain(invoice!.number);
    expect(receipts[0]!.text_body).toMatch(/Still due on this plan:\s+- Part 2: ₹50,000, due/);
    // The schedule shows it with its invoice link.
    const mine = await call('GET', '/api/v1/plans/mine', { token: learner.token });
    expect(mine.body.enrolments[0].parts[0]).toMatchObject({ status: 'paid', invoice: { number: invoice!.number } });
    expect(mine.body.enrolments[0]).toMatchObject({ paid: 50000, outstanding: 150000 });
    // Replays: the browser again, the webhook twice.
    const before = [await count(db, 'invoices'), await count(db, 'email_outbox')];
    expect((await call('POST', `/api/v1/plans/parts/${part1}/pay`, { token: learner.token, body: result })).status).toBe(200);
    expect((await webhook(order.orderId, result.razorpay_payment_id, 5_000_000, 'evt_inst_1')).status).toBe(200);
    expect((await webhook(order.orderId, result.razorpay_payment_id, 5_000_000, 'evt_inst_2')).status).toBe(200);
    expect([await count(db, 'invoices'), await count(db, 'email_outbox')]).toEqual(before);
    expect(await count(db, `instalment_payments where part_id = ${part1} and status = 'paid'`)).toBe(1);
  });

  it('pays part 3 early, refuses a paid part (409), reuses an open order, and completes the plan with the last part', async () => {
    const learner = await admitLearner(db);
    const { body } = await enrol(learner.token, await admitPlanId(db));
    const [p1, p2, p3, p4] = body.enrolment.parts.map((p: { id: string }) => p.id);
    expect((await payPart(learner.token, p3)).paid.status).toBe(200);
    expect((await partsOf(body.enrolment.id)).map((p) => p.status)).toEqual(['due', 'due', 'paid', 'due']);
    const again = await call('POST', `/api/v1/plans/parts/${p3}/order`, { token: learner.token });
    expect(again.status).toBe(409);
    expect(again.body.errors).toBe('This part is already paid');
    // Two clicks on "Pay now": one order.
    const a = await call('POST', `/api/v1/plans/parts/${p1}/order`, { token: learner.token });
    const b = await call('POST', `/api/v1/plans/parts/${p1}/order`, { token: learner.token });
    expect(b.body.orderId).toBe(a.body.orderId);
    // Someone else's part is not there.
    const other = await admitLearner(db);
    expect((await call('POST', `/api/v1/plans/parts/${p1}/order`, { token: other.token })).status).toBe(404);
    for (const part of [p1, p2, p4]) expect((await payPart(learner.token, part)).paid.status).toBe(200);
    const mine = await call('GET', '/api/v1/plans/mine', { token: learner.token });
    expect(mine.body.enrolments[0]).toMatchObject({ status: 'completed', paid: 200000, outstanding: 0 });
    expect(mine.body.enrolments[0].completedAt).toEqual(expect.any(String));
    expect(await count(db, `invoices where account_id = '${learner.id}' and purpose = 'instalment'`)).toBe(4);
    const numbers = await db.sql`select distinct number from invoices where account_id = ${learner.id}`;
    expect(numbers).toHaveLength(4);
    const last = await db.sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${learner.email} and tag = 'instalment-receipt' order by id desc limit 1`;
    expect(last[0]!.text_body).toContain('Every part of this plan is now paid');
  });

  it('needs the billing state before a paid order (400), and shows a past due date as overdue', async () => {
    const learner = await signupVerifiedLearner();
    const visitorLearner = await admitLearner(db);
    const { body } = await enrol(visitorLearner.token, await admitPlanId(db));
    await db.sql`update enrolment_parts set due_on = due_on - 31 where enrolment_id = ${body.enrolment.id} and position = 2`;
    const mine = await call('GET', '/api/v1/plans/mine', { token: visitorLearner.token });
    expect(mine.body.enrolments[0].parts.map((p: { status: string }) => p.status)).toEqual(['due', 'overdue', 'due', 'due']);
    await db.sql`delete from billing_details where account_id = ${visitorLearner.id}`;
    const res = await call('POST', `/api/v1/plans/parts/${body.enrolment.parts[0].id}/order`, { token: visitorLearner.token });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['state: Choose your state for the tax invoice before paying']);
    expect((await call('GET', '/api/v1/plans/mine', { token: learner.token })).body.enrolments).toEqual([]);
  });

  it('a second capture for a paid part is kept as a duplicate (no invoice) and refunded by the sweep, once', async () => {
    const learner = await admitLearner(db);
    const { body } = await enrol(learner.token, await admitPlanId(db));
    const part = body.enrolment.parts[1].id;
    const first = await call('POST', `/api/v1/plans/parts/${part}/order`, { token: learner.token });
    // Other billing details: a second order for the same part (two tabs).
    expect((await call('PUT', '/api/v1/billing', { token: learner.token, body: { state: '27' } })).status).toBe(200);
    const second = await call('POST', `/api/v1/plans/parts/${part}/order`, { token: learner.token });
    expect(second.body.orderId).not.toBe(first.body.orderId);
    const r1 = await sandboxPay(first.body.orderId);
    const r2 = await sandboxPay(second.body.orderId);
    expect((await call('POST', `/api/v1/plans/parts/${part}/pay`, { token: learner.token, body: r1 })).status).toBe(200);
    const dup = await call('POST', `/api/v1/plans/parts/${part}/pay`, { token: learner.token, body: r2, waitUntil: false });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toMatch(/already paid, so this payment is refunded in full/);
    expect(await count(db, `invoices where order_id = '${second.body.orderId}'`)).toBe(0);
    await runSweeps();
    await runSweeps();
    const [row] = await db.sql<{ status: string; refund_id: string | null }[]>`
      select ip.status, o.duplicate_refund_id as refund_id
      from instalment_payments ip join payment_orders o on o.id = ip.order_id where ip.order_id = ${second.body.orderId}`;
    expect(row!.status).toBe('duplicate');
    expect(row!.refund_id).toMatch(/^rfnd_/);
    expect(await count(db, `email_outbox where to_address = '${learner.email}' and tag = 'instalment-refund'`)).toBe(1);
    expect(await count(db, `sandbox_refunds where payment_id = '${r2.razorpay_payment_id}'`)).toBe(1);
    expect((await partsOf(body.enrolment.id)).map((p) => p.status)).toEqual(['due', 'paid', 'due', 'due']);
  });

  it('refuses to verify an order that is not this learner’s part', async () => {
    const a = await admitLearner(db);
    const b = await admitLearner(db);
    const planId = await admitPlanId(db);
    const ea = (await enrol(a.token, planId)).body.enrolment;
    const eb = (await enrol(b.token, planId)).body.enrolment;
    const order = await call('POST', `/api/v1/plans/parts/${ea.parts[0].id}/order`, { token: a.token });
    const result = await sandboxPay(order.body.orderId);
    const res = await call('POST', `/api/v1/plans/parts/${eb.parts[0].id}/pay`, { token: b.token, body: result });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatch(/not yours/);
  });
});
