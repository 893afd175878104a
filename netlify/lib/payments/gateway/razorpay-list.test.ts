import { describe, expect, it } from 'vitest';
import { listAll } from './razorpay.ts';

describe("Razorpay's list APIs (GET /v1/payments, /v1/refunds)", () => {
  it('asks page after page of 100 for the period in unix seconds (`to` inclusive) until a short page', async () => {
    const asked: { from: number; to: number; count: number; skip: number }[] = [];
    const items = await listAll(
      async (query) => {
        asked.push(query);
        return { items: Array.from({ length: query.skip < 200 ? 100 : 7 }, (_, i) => query.skip + i) };
      },
      { from: new Date('2026-11-24T18:30:00Z'), to: new Date('2026-11-25T18:30:00Z') },
    );
    expect(items).toHaveLength(207);
    expect(asked.map((q) => q.skip)).toEqual([0, 100, 200]);
    const from = Date.parse('2026-11-24T18:30:00Z') / 1000;
    expect(asked[0]).toEqual({ from, to: from + 86_399, count: 100, skip: 0 });
  });
});
