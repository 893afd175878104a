/**
 * Field data (docs/architecture.md, Operations): a visitor's browser reports a page view's Core
 * Web Vitals and errors to POST /api/v1/vitals; they are counted per day, page, device class and
 * bucket (no IP, no query string, no account), and the owner reads each page's 75th percentiles
 * against its budgets and the latest errors. Bad reports are refused and change nothing.
 */
import { describe, expect, it } from 'vitest';
import { makeAdmin, type TestAdmin } from '../leads/kit.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';

const testDb = useTestDatabase();
const beacon = (body: unknown, ip = '198.51.100.7') => call('POST', '/api/v1/vitals', { body, ip });

describe('POST /api/v1/vitals', () => {
  let owner: TestAdmin;

  it('counts each report in its buckets; the owner sees the 75th percentile per page and device against the budgets', async () => {
    owner = await makeAdmin('VitalsOwner', 'owner');
    // Twenty phone views of /courses: LCP 600, 620, ... 980 ms; p75 is the 15th (880 ms).
    for (let i = 0; i < 20; i++) {
      const res = await beacon(
        { path: '/courses', device: 'phone', FCP: 400 + i, LCP: 600 + 20 * i, CLS: i < 14 ? 0 : 0.3, INP: 40 },
        `198.51.100.${i}`,
      );
      expect(res.status).toBe(204);
    }
    expect((await beacon({ path: '/courses', device: 'desktop', LCP: 2500 })).status).toBe(204);
    expect((await beacon({ path: '/', device: 'phone', FCP: 1200, LCP: 1800 })).status).toBe(204);

    const res = await call('GET', '/api/v1/admin/operations/vitals', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.days).toBe(7);
    const [phone, ...rest] = res.body.pages;
    expect(phone).toEqual({
      path: '/courses',
      device: 'phone',
      views: 20,
      metrics: [
        { metric: 'FCP', p75: 410, samples: 20, budget: 800 },
        { metric: 'LCP', p75: 880, samples: 20, budget: 1000 },
        { metric: 'INP', p75: 40, samples: 20, budget: 200 },
        { metric: 'CLS', p75: 0.3, samples: 20, budget: 0.02 },
      ],
    });
    expect(rest).toContainEqual({
      path: '/courses',
      device: 'desktop',
      views: 1,
      metrics: [{ metric: 'LCP', p75: 2500, samples: 1, budget: 1000 }],
    });
    expect(rest).toContainEqual({
      path: '/',
      device: 'phone',
      views: 1,
      metrics: [
        { metric: 'FCP', p75: 1200, samples: 1, budget: 1000 },
        { metric: 'LCP', p75: 1800, samples: 1, budget: 1500 },
      ],
    });
    // Counts, not visits: 20 phone views of /courses with 20 distinct LCPs are 20 rows of LCP, yet
    // a repeat of the same values adds to the counts.
    const before = await count(testDb, 'field_vitals');
    expect((await beacon({ path: '/courses', device: 'phone', FCP: 400, LCP: 600, CLS: 0, INP: 40 })).status).toBe(204);
    expect(await count(testDb, 'field_vitals')).toBe(before);
    // Nothing that points at a visitor: no column holds an address or a query.
    const columns =
      await testDb.sql`select column_name from information_schema.columns where table_name in ('field_vitals', 'field_errors')`;
    expect(columns.map((c) => c.column_name).sort()).toEqual(
      ['bucket', 'count', 'count', 'day', 'day', 'device', 'last_seen_at', 'message', 'metric', 'path', 'path'].sort(),
    );
  });

  it('keeps browser errors scrubbed and counted by page, latest first', async () => {
    const errors = ["TypeError: Cannot read properties of undefined (reading 'url')", 'Failed for asha.rao@example.com at 98450 67890'];
    expect((await beacon({ path: '/buy/0123456789abcdef01234567', device: 'phone', errors })).status).toBe(204);
    expect((await beacon({ path: '/buy/0123456789abcdef01234567', device: 'tablet', errors: [errors[0]] })).status).toBe(204);
    const res = await call('GET', '/api/v1/admin/operations/vitals', { token: owner.token });
    const shown = res.body.errors.map((e: { message: string; path: string; count: number }) => [e.message, e.path, e.count]);
    expect(shown).toEqual(
      expect.arrayContaining([
        [errors[0], '/buy/0123456789abcdef01234567', 2],
        ['Failed for [email] at [number]', '/buy/0123456789abcdef01234567', 1],
      ]),
    );
    expect(JSON.stringify(await testDb.sql`select * from field_errors`)).not.toContain('asha');
  });

  it('refuses a bad report with a clear message and writes nothing', async () => {
    const vitals = await count(testDb, 'field_vitals');
    const errors = await count(testDb, 'field_errors');
    const bad: [unknown, RegExp][] = [
      [{ path: '/courses?email=a@b.co', device: 'phone', LCP: 100 }, /path: A page path without its query/],
      [{ path: '/courses', device: 'watch', LCP: 100 }, /device/],
      [{ path: '/courses', device: 'phone', LCP: -5 }, /LCP/],
      [{ path: '/courses', device: 'phone', LCP: 100, userId: 'u1' }, /userId/],
      [{ path: '/courses', device: 'phone', errors: ['a', 'b', 'c', 'd'] }, /errors: At most 3 per report/],
    ];
    for (const [body, message] of bad) {
      const res = await beacon(body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toMatch(message);
    }
    const tooBig = await call('POST', '/api/v1/vitals', {
      rawBody: JSON.stringify({ path: '/', device: 'phone', errors: ['x'.repeat(3000)] }),
      headers: { 'content-type': 'application/json', 'content-length': '3030' },
    });
    expect(tooBig.status).toBe(413);
    const notJson = await call('POST', '/api/v1/vitals', { rawBody: 'path=/', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(415);
    expect(await count(testDb, 'field_vitals')).toBe(vitals);
    expect(await count(testDb, 'field_errors')).toBe(errors);
  });

  it('limits reports per address, and only owners read the field data', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await beacon({ path: '/about', device: 'desktop', FCP: 300 }, '203.0.113.99')).status;
    expect(last).toBe(429);
    const counsellor = await makeAdmin('VitalsCounsellor', 'counsellor');
    expect((await call('GET', '/api/v1/admin/operations/vitals', { token: counsellor.token })).status).toBe(403);
    expect((await call('GET', '/api/v1/admin/operations/vitals')).status).toBe(401);
  });
});
