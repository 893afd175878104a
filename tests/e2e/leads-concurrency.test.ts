/**
 * 200 lead submissions fired at once through the served site (the local server, its functions and
 * its database): every one answers 201 and is one row with two outbox emails. Nothing lost.
 */
import { expect, inject, it } from 'vitest';
import { burstLeads } from '../../scripts/bench-leads.ts';
import { baseUrl, e2eDescribe } from './harness.ts';

e2eDescribe('lead submissions under a burst', () => {
  it('200 at once: 200 x 201, 200 rows, 400 outbox emails', async () => {
    const result = await burstLeads(baseUrl, inject('e2eDatabaseUrl'), 200);
    expect(result.statuses).toEqual({ '201': 200 });
    expect(result.rows).toBe(200);
    expect(result.confirmations + result.notifications).toBe(400);
    expect(result.confirmations).toBe(200);
    expect(result.notifications).toBe(200);
  }, 180_000);
});
