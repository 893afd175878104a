/**
 * Fee-plan payments in the pipeline: a part paid shows on the person's timeline, and counts as a
 * conversion on the insights dashboard like a registration fee or a course bought.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestDatabase, type TestLearner } from '../support/harness.ts';
import { admitLearner, admitPlanId, enrol, istToday, payPart } from '../instalments/kit.ts';
import { makeAdmin, type TestAdmin } from './kit.ts';

const db = useTestDatabase();
let owner: TestAdmin;
let learner: TestLearner;
let contactId = '';

beforeAll(async () => {
  owner = await makeAdmin('Feeplan', 'owner');
  learner = await admitLearner(db);
  // After the registration fee, before any part: an enquiry from the same email, from a campaign.
  const [row] = await db.sql<{ id: string }[]>`
    insert into contact_requests (source, name, phone, email, programme, comments, utm_source, utm_campaign, created_at)
    values ('advisor', 'Fee Plan Learner', '+919811100001', ${learner.email}, 'AspiraAdmit', '', 'newsletter', 'fee-plan-autumn', now())
    returning id::text`;
  contactId = row!.id;
  const enrolled = await enrol(learner.token, await admitPlanId(db));
  expect(enrolled.status, enrolled.text).toBe(201);
  const { paid } = await payPart(learner.token, enrolled.body.enrolment.parts[0].id);
  expect(paid.status, paid.text).toBe(200);
});

describe('fee-plan payments', () => {
  it("show on the person's timeline with the amount, the plan and the part", async () => {
    const found = await call('GET', `/api/v1/admin/persons/lookup?kind=contact&id=${contactId}`, { token: owner.token });
    expect(found.status, found.text).toBe(200);
    const res = await call('GET', `/api/v1/admin/persons/${found.body.id}`, { token: owner.token });
    expect(res.status, res.text).toBe(200);
    const titles = (res.body.person.timeline as { kind: string; title: string; detail?: string }[]).map(
      (e) => `${e.kind} | ${e.title} | ${e.detail ?? ''}`,
    );
    expect(titles).toContain('fee-payment | Fee plan part paid: ₹50,000 | AspiraAdmit fee in 4 parts, Part 1');
  });

  it('count as a conversion of the lead on the insights dashboard', async () => {
    const res = await call('GET', `/api/v1/admin/insights?to=${istToday()}`, { token: owner.token });
    expect(res.status, res.text).toBe(200);
    const campaigns = res.body.tables.find((t: { dimension: string }) => t.dimension === 'utm_campaign');
    const row = campaigns.rows.find((r: { value: string }) => r.value === 'fee-plan-autumn');
    expect(row).toMatchObject({ leads: 1, converted: 1 });
  });
});
