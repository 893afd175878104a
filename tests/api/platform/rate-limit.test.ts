import { describe, expect, it } from 'vitest';
import { HttpError, rateLimit } from '../../../netlify/lib/platform/index.ts';
import { useTestDatabase } from '../support/harness.ts';

const testDb = useTestDatabase();

describe('rateLimit', () => {
  it('allows the limit, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) await rateLimit({ bucket: 't1', key: '198.51.100.1', limit: 3, windowSeconds: 60 });
    const error = await rateLimit({ bucket: 't1', key: '198.51.100.1', limit: 3, windowSeconds: 60 }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(429);
    const retry = Number(error.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // Another key and another bucket are counted apart.
    await rateLimit({ bucket: 't1', key: '198.51.100.2', limit: 3, windowSeconds: 60 });
    await rateLimit({ bucket: 't2', key: '198.51.100.1', limit: 3, windowSeconds: 60 });
  });

  it('counts atomically under concurrency', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => rateLimit({ bucket: 'burst', key: 'k', limit: 10, windowSeconds: 60 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const [row] = await testDb.sql`select count from rate_limits where key like 'burst:%'`;
    expect(row!.count).toBe(30);
  });

  it('starts a new window once the old one has passed', async () => {
    for (let i = 0; i < 2; i++) await rateLimit({ bucket: 'w', key: 'k', limit: 2, windowSeconds: 60 });
    await expect(rateLimit({ bucket: 'w', key: 'k', limit: 2, windowSeconds: 60 })).rejects.toBeInstanceOf(HttpError);
    await testDb.sql`update rate_limits set window_start = now() - interval '61 seconds' where key like 'w:%'`;
    await rateLimit({ bucket: 'w', key: 'k', limit: 2, windowSeconds: 60 });
  });

  it('stores no raw IP address', async () => {
    const rows = await testDb.sql`select key from rate_limits`;
    expect(rows.some((r) => String(r.key).includes('198.51.100'))).toBe(false);
  });
});
