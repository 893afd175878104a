/** Shared by the fee plan tests: a learner who paid the AspiraAdmit registration fee, enrolling, paying a part. */
import { expect } from 'vitest';
import { call, sandboxWebhook, signupVerifiedLearner, type TestDatabase, type TestLearner } from '../support/harness.ts';
import { openFeeOrder, registered, sandboxPay } from '../registrations/kit.ts';

export async function admitPlanId(db: TestDatabase): Promise<string> {
  const [row] = await db.sql<{ id: string }[]>`select id::text as id from instalment_plans where slug = 'aspiraadmit'`;
  return row!.id;
}

/** A confirmed learner whose email paid the ₹11,000 AspiraAdmit registration fee, billing state Haryana. */
export async function admitLearner(db: TestDatabase, feePaid = true): Promise<TestLearner> {
  const learner = await signupVerifiedLearner();
  if (feePaid) {
    const visitor = await registered(db, learner.email);
    const order = await openFeeOrder(visitor.registrationToken, 'admit');
    expect(order.amount).toBe(1_100_000);
    const paid = await call('POST', '/api/v1/user/register-paid', {
      body: { registrationToken: visitor.registrationToken, ...(await sandboxPay(order.orderId)) },
    });
    expect(paid.status, paid.text).toBe(200);
  }
  expect((await call('PUT', '/api/v1/billing', { token: learner.token, body: { state: '06' } })).status).toBe(200);
  return learner;
}

export async function enrol(token: string, planId: string, code?: string) {
  return call('POST', `/api/v1/plans/${planId}/enrol`, { token, body: code === undefined ? {} : { code } });
}

/** Opens the part's order, plays the sandbox checkout and verifies it: the verify answer and the result. */
export async function payPart(token: string, partId: string) {
  const order = await call('POST', `/api/v1/plans/parts/${partId}/order`, { token });
  expect(order.status, order.text).toBe(201);
  const result = await sandboxPay(order.body.orderId);
  const paid = await call('POST', `/api/v1/plans/parts/${partId}/pay`, { token, body: result });
  return { order: order.body, result, paid };
}

export const webhook = sandboxWebhook;

/** Today in India, and a day `days` later (YYYY-MM-DD). */
export const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
export const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
