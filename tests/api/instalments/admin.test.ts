import { beforeAll, describe, expect, it } from 'vitest';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { admitLearner, admitPlanId, enrol, istToday, payPart, plusDays } from './kit.ts';
import { auditRows, makeAdmin, type TestAdmin } from '../leads/kit.ts';

const db = useTestDatabase();
let owner: TestAdmin;
let counsellor: TestAdmin;

beforeAll(async () => {
  owner = await makeAdmin('PlanOwner', 'owner');
  counsellor = await makeAdmin('PlanCounsellor', 'counsellor');
});

const cohortPlan = {
  slug: 'elevate-cohort-jan',
  name: 'AspiraElevate in 2 parts',
  programme: 'AspiraElevate',
  description: 'For the January cohort.',
  registrationFeeOption: '',
  parts: [
    { label: 'First half', amount: '149500', dueAfterDays: '0' },
    { label: 'Second half', amount: 149500, dueOn: '2027-01-15' },
  ],
};

describe('admin plans', () => {
  it('owners create a plan with parts (recorded in the audit log); counsellors and learners may not', async () => {
    const before = await count(db, 'instalment_plans');
    expect((await call('POST', '/api/v1/admin/plans', { token: counsellor.token, body: cohortPlan })).status).toBe(403);
    const learner = await admitLearner(db, false);
    expect((await call('POST', '/api/v1/admin/plans', { token: learner.token, body: cohortPlan })).status).toBe(403);
    expect(await count(db, 'instalment_plans')).toBe(before);
    const res = await call('POST', '/api/v1/admin/plans', { token: owner.token, body: cohortPlan });
    expect(res.status, res.text).toBe(201);
    expect(res.body.plan).toMatchObject({
      slug: 'elevate-cohort-jan',
      registrationFee: null,
      total: 299000,
      active: true,
      parts: [
        { position: 1, label: 'First half', amount: 149500, dueAfterDays: 0, dueOn: null },
        { position: 2, label: 'Second half', amount: 149500, dueAfterDays: null, dueOn: '2027-01-15' },
      ],
    });
    expect((await auditRows(db, 'plan.create')).length).toBe(1);
    const again = await call('POST', '/api/v1/admin/plans', { token: owner.token, body: cohortPlan });
    expect(again.status).toBe(409);
    // Without a registration fee first, any confirmed learner may enrol; the fixed date is copied.
    const enrolled = await enrol(learner.token, res.body.plan.id);
    expect(enrolled.status, enrolled.text).toBe(201);
    expect(enrolled.body.enrolment.parts.map((p: { dueOn: string }) => p.dueOn)).toEqual([istToday(), '2027-01-15']);
  });

  it('refuses a bad plan with clear messages, writing nothing', async () => {
    const before = await count(db, 'instalment_plans');
    const res = await call('POST', '/api/v1/admin/plans', {
      token: owner.token,
      body: {
        ...cohortPlan,
        slug: 'Bad Slug!',
        parts: [{ label: 'One', amount: '0.5', dueAfterDays: 3, dueOn: '2027-01-01' }],
      },
    });
    expect(res.status).toBe(400);
    const errors = res.body.errors.join(' | ');
    expect(errors).toMatch(/slug: Use 2-60 lower-case letters/);
    expect(errors).toMatch(/A part must be at least ₹1/);
    expect(
      (await call('POST', '/api/v1/admin/plans', { token: owner.token, body: { ...cohortPlan, slug: 'x-two', parts: [] } })).status,
    ).toBe(400);
    expect(await count(db, 'instalment_plans')).toBe(before);
  });

  it('switches a plan off and on: learners no longer see it or enrol', async () => {
    const planId = await admitPlanId(db);
    const off = await call('PATCH', `/api/v1/admin/plans/${planId}`, { token: owner.token, body: { active: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.body.plan.active).toBe(false);
    const list = await call('GET', '/api/v1/plans');
    expect(list.body.plans.some((p: { id: string }) => p.id === planId)).toBe(false);
    const learner = await admitLearner(db);
    expect((await enrol(learner.token, planId)).status).toBe(400);
    const on = await call('PATCH', `/api/v1/admin/plans/${planId}`, {
      token: owner.token,
      body: { active: true, description: 'Four parts.' },
    });
    expect(on.body.plan).toMatchObject({ active: true, description: 'Four parts.' });
    expect((await call('PATCH', `/api/v1/admin/plans/${planId}`, { token: owner.token, body: { parts: [] } })).status).toBe(400);
    expect((await call('PATCH', '/api/v1/admin/plans/999999', { token: owner.token, body: { active: true } })).status).toBe(404);
    expect((await auditRows(db, 'plan.deactivate')).length).toBe(1);
  });
});

describe('admin dues', () => {
  it('lists every unpaid part per learner with days overdue, filters, totals and the CSV; for every admin', async () => {
    const planId = await admitPlanId(db);
    const learner = await admitLearner(db);
    const { body } = await enrol(learner.token, planId);
    expect((await payPart(learner.token, body.enrolment.parts[0].id)).paid.status).toBe(200);
    // Part 2 is 5 days late.
    await db.sql`update enrolment_parts set due_on = ${plusDays(istToday(), -5)} where enrolment_id = ${body.enrolment.id} and position = 2`;
    expect((await call('GET', '/api/v1/admin/dues')).status).toBe(401);
    const all = await call('GET', '/api/v1/admin/dues', { token: counsellor.token });
    expect(all.status).toBe(200);
    const mine = all.body.rows.filter((d: { email: string }) => d.email === learner.email);
    expect(
      mine.map((d: { part: string; status: string; daysOverdue: number; amount: number }) => [d.part, d.status, d.daysOverdue, d.amount]),
    ).toEqual([
      ['Part 2', 'overdue', 5, 50000],
      ['Part 3', 'due', 0, 50000],
      ['Part 4', 'due', 0, 50000],
    ]);
    expect(mine[0]).toMatchObject({ plan: 'AspiraAdmit fee in 4 parts', learner: expect.stringMatching(/Test$/) });
    const overdue = await call('GET', `/api/v1/admin/dues?status=overdue&plan=${planId}`, { token: owner.token });
    expect(overdue.body.rows.every((d: { status: string }) => d.status === 'overdue')).toBe(true);
    expect(overdue.body.totals).toMatchObject({ count: overdue.body.rows.length, overdueCount: overdue.body.rows.length });
    const window = await call('GET', `/api/v1/admin/dues?from=${plusDays(istToday(), 59)}&to=${plusDays(istToday(), 61)}`, {
      token: owner.token,
    });
    expect(window.body.rows.filter((d: { email: string }) => d.email === learner.email).map((d: { part: string }) => d.part)).toEqual([
      'Part 3',
    ]);
    expect((await call('GET', '/api/v1/admin/dues?status=late', { token: owner.token })).status).toBe(400);
    expect((await call('GET', '/api/v1/admin/dues?from=2027-02-01&to=2027-01-01', { token: owner.token })).status).toBe(400);
    const csv = await call('GET', `/api/v1/admin/dues.csv?status=overdue`, { token: counsellor.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Learner,Email,Plan,Part,Amount,Due date,Days overdue,Status');
    expect(lines.some((l) => l.includes(learner.email) && l.endsWith(`Part 2,50000,${plusDays(istToday(), -5)},5,Overdue`))).toBe(true);
  });
});

describe('money view', () => {
  it('shows a part payment as an Instalment with its plan, part and code, and refunds it with a credit note', async () => {
    const planId = await admitPlanId(db);
    await db.sql`insert into discount_codes (code, kind, percent_off, scope, created_by) values ('MONEY-HALF', 'percent', 50, 'plans', 'test')`;
    const learner = await admitLearner(db);
    const { body } = await enrol(learner.token, planId, 'MONEY-HALF');
    const { order } = await payPart(learner.token, body.enrolment.parts[1].id);
    const view = await call('GET', '/api/v1/admin/money?kind=instalment', { token: owner.token });
    expect(view.status).toBe(200);
    const payment = view.body.payments.find((p: { orderId: string }) => p.orderId === order.orderId);
    expect(payment).toMatchObject({
      kind: 'instalment',
      item: 'AspiraAdmit fee in 4 parts: Part 2',
      discountCode: 'MONEY-HALF',
      email: learner.email,
      amount: 25000,
      refundable: 25000,
      status: 'captured',
    });
    expect(view.body.payments.every((p: { kind: string }) => p.kind === 'instalment')).toBe(true);
    const refund = await call('POST', '/api/v1/admin/refunds', {
      token: owner.token,
      body: { orderId: order.orderId, full: true, reason: 'Left the programme', idempotencyKey: 'inst-refund-0001' },
    });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body.refund).toMatchObject({ status: 'pending', amount: 25000 });
    const checked = await call('POST', `/api/v1/admin/refunds/${refund.body.refund.id}/check`, { token: owner.token });
    expect(checked.body.refund.status).toBe('processed');
    const [email] = await db.sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${learner.email} and tag = 'refund-processed'`;
    expect(email!.text_body).toContain('We have refunded your payment for AspiraAdmit fee in 4 parts: Part 2 in full.');
    // The learner's schedule says so on the part (still settled: no reminders, no second payment).
    const mine = await call('GET', '/api/v1/plans/mine', { token: learner.token });
    const parts = mine.body.enrolments[0].parts.map((p: { status: string; refunded: number }) => [p.status, p.refunded]);
    expect(parts.slice(0, 2)).toEqual([
      ['due', 0],
      ['paid', 25000],
    ]);
    const csv = await call('GET', '/api/v1/admin/money.csv?kind=instalment', { token: owner.token });
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]!.endsWith(',Against invoice,Discount code')).toBe(true);
    expect(lines.filter((l) => l.endsWith(',MONEY-HALF'))).toHaveLength(2); // the invoice and its credit note
  });
});
