import { describe, expect, it } from 'vitest';
import { call, useTestDatabase } from '../support/harness.ts';
import { admitLearner, admitPlanId, enrol, payPart } from './kit.ts';

const db = useTestDatabase();

async function planCode(code: string, off: { percent: number } | { paise: number }) {
  const planId = await admitPlanId(db);
  await db.sql`insert into discount_codes (code, kind, percent_off, amount_off_paise, scope, plan_ids, created_by)
               values (${code}, ${'percent' in off ? 'percent' : 'fixed'}, ${'percent' in off ? off.percent : null},
                       ${'paise' in off ? off.paise : null}, 'plans', ${[planId]}, 'test')`;
  return planId;
}

const partsOf = (enrolmentId: string) =>
  db.sql<{ status: string; list_paise: string; discount_paise: string; amount_paise: string; order_id: string | null }[]>`
    select status, list_paise, discount_paise, amount_paise, order_id from enrolment_parts where enrolment_id = ${enrolmentId} order by position`;

describe('plan codes', () => {
  it('100%: every part is completed at enrolment without the gateway, each with its own zero-value invoice', async () => {
    const planId = await planCode('ADMIT-FULL', { percent: 100 });
    const learner = await admitLearner(db);
    const res = await enrol(learner.token, planId, 'admit-full');
    expect(res.status, res.text).toBe(201);
    expect(res.body.enrolment).toMatchObject({
      status: 'completed',
      discountCode: 'ADMIT-FULL',
      total: 0,
      discount: 200000,
      outstanding: 0,
    });
    expect(res.body.enrolment.parts.map((p: { status: string; amount: number }) => [p.status, p.amount])).toEqual([
      ['paid', 0],
      ['paid', 0],
      ['paid', 0],
      ['paid', 0],
    ]);
    const invoices = await db.sql<{ number: string; total_paise: string; discount_paise: string; discount_code: string | null }[]>`
      select number, total_paise, discount_paise, discount_code from invoices where account_id = ${learner.id} order by id`;
    expect(invoices).toHaveLength(4);
    expect(new Set(invoices.map((i) => i.number)).size).toBe(4);
    for (const invoice of invoices)
      expect(invoice).toMatchObject({ total_paise: '0', discount_paise: '5000000', discount_code: 'ADMIT-FULL' });
    const [order] =
      await db.sql`select gateway, amount_paise, status from payment_orders where id = ${(await partsOf(res.body.enrolment.id))[0]!.order_id}`;
    expect(order).toEqual({ gateway: 'free', amount_paise: '0', status: 'paid' });
    const [use] = await db.sql<{ status: string; plan_enrolment_id: string }[]>`
      select status, plan_enrolment_id::text as plan_enrolment_id from discount_redemptions r join discount_codes c on c.id = r.code_id
      where c.code = 'ADMIT-FULL' and r.email = ${learner.email}`;
    expect(use).toEqual({ status: 'used', plan_enrolment_id: res.body.enrolment.id });
    // Once per person: a second learner may, the same one may not (already enrolled anyway).
    const other = await admitLearner(db);
    expect((await enrol(other.token, planId, 'ADMIT-FULL')).status).toBe(201);
  });

  it('50%: each part halved; a paid part shows the code on its invoice', async () => {
    const planId = await planCode('ADMIT-HALF', { percent: 50 });
    const learner = await admitLearner(db);
    const res = await enrol(learner.token, planId, 'ADMIT-HALF');
    expect(res.status, res.text).toBe(201);
    expect(res.body.enrolment).toMatchObject({ status: 'active', total: 100000, discount: 100000 });
    expect((await partsOf(res.body.enrolment.id)).map((p) => [p.status, p.list_paise, p.discount_paise, p.amount_paise])).toEqual(
      Array(4).fill(['due', '5000000', '2500000', '2500000']),
    );
    const { order, paid } = await payPart(learner.token, res.body.enrolment.parts[0].id);
    expect(order.amount).toBe(2_500_000);
    expect(paid.status).toBe(200);
    const [invoice] = await db.sql`select total_paise, discount_paise, discount_code from invoices where order_id = ${order.orderId}`;
    expect(invoice).toEqual({ total_paise: '2500000', discount_paise: '2500000', discount_code: 'ADMIT-HALF' });
  });

  it('a fixed amount comes off the last parts first; a part it empties is completed at once', async () => {
    const planId = await planCode('ADMIT-60K', { paise: 6_000_000 });
    const learner = await admitLearner(db);
    const res = await enrol(learner.token, planId, 'ADMIT-60K');
    expect(res.status, res.text).toBe(201);
    expect((await partsOf(res.body.enrolment.id)).map((p) => [p.status, p.amount_paise])).toEqual([
      ['due', '5000000'],
      ['due', '5000000'],
      ['due', '4000000'],
      ['paid', '0'],
    ]);
    const mine = await call('GET', '/api/v1/plans/mine', { token: learner.token });
    expect(mine.body.enrolments[0]).toMatchObject({ total: 140000, discount: 60000, paid: 0, outstanding: 140000 });
  });

  it('a code for another scope is refused (400) and nothing is written', async () => {
    await db.sql`insert into discount_codes (code, kind, percent_off, scope, created_by) values ('COURSES-10', 'percent', 10, 'all-courses', 'test')`;
    const learner = await admitLearner(db);
    const res = await enrol(learner.token, await admitPlanId(db), 'COURSES-10');
    expect(res.status).toBe(400);
    expect(res.body.errors.join(' ')).toMatch(/^code: /);
    expect((await call('GET', '/api/v1/plans/mine', { token: learner.token })).body.enrolments).toEqual([]);
  });
});
