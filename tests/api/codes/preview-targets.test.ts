/** A code's preview prices each kind of target at its owner's list price: a course, a fee plan's parts. */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/harness.ts';
import { admitPlanId } from '../instalments/kit.ts';
import { DM_PAISE, newCode, preview } from './kit.ts';

const db = useTestDatabase();

describe('code preview targets', () => {
  it('prices a fee plan at the sum of its parts, and only while the plan is active', async () => {
    const planId = await admitPlanId(db);
    const { code } = await newCode({ percentOff: 10, scope: 'plans', planIds: [planId] });
    const res = await preview(code, { kind: 'plan', planId }, undefined, '203.0.113.81');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ code, listPaise: 20_000_000, discountPaise: 2_000_000, totalPaise: 18_000_000 });

    await db.sql`update instalment_plans set active = false where id = ${planId}`;
    const inactive = await preview(code, { kind: 'plan', planId }, undefined, '203.0.113.81');
    expect(inactive.status).toBe(404);
    expect(inactive.body.errors).toBe('Plan not found');
    await db.sql`update instalment_plans set active = true where id = ${planId}`;
  });

  it('prices a listed course at its price, and refuses an unknown one', async () => {
    const { code } = await newCode({ percentOff: 10 });
    const listed = await preview(code, undefined, undefined, '203.0.113.82');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.listPaise).toBe(DM_PAISE);
    const unknown = await preview(code, { kind: 'course', courseId: 'f'.repeat(24) }, undefined, '203.0.113.82');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toBe('Course not found');
  });
});
