/**
 * Lead submissions fired at once through the served site (the local server, its functions and its
 * database). At the budget in DESIGN.md (50 at once) every one answers 201 and is one row with two
 * outbox emails. Far over it (200 at once on one process and one pool of connections) nothing is
 * lost or half-written: every 201 is a row with its emails, and a request the pool cannot take in
 * time is refused whole with 503 and a Retry-After, so the visitor's form can say to try again.
 */
import { expect, inject, it } from 'vitest';
import { burstLeads } from '../../scripts/bench-leads.ts';
import { baseUrl, e2eDescribe } from './harness.ts';

e2eDescribe('lead submissions under a burst', () => {
  it('50 at once: 50 x 201, 50 rows, 100 outbox emails', async () => {
    const result = await burstLeads(baseUrl, inject('e2eDatabaseUrl'), 50);
    expect(result.statuses).toEqual({ '201': 50 });
    expect(result.rows).toBe(50);
    expect(result.confirmations).toBe(50);
    expect(result.notifications).toBe(50);
  }, 120_000);

  it('200 at once: every 201 is one row with two emails; anything else is a whole refusal (503 with Retry-After)', async () => {
    const result = await burstLeads(baseUrl, inject('e2eDatabaseUrl'), 200);
    const { '201': created = 0, '503': refused = 0, ...other } = result.statuses;
    expect(other).toEqual({});
    expect(created + refused).toBe(200);
    expect(created).toBeGreaterThan(0);
    expect(result.rows).toBe(created);
    expect(result.confirmations).toBe(created);
    expect(result.notifications).toBe(created);
  }, 180_000);
});
