/**
 * The database client's own rules: which errors mean "unavailable" (503), and the bounded wait
 * for a pooled connection, on the embedded database or PostgreSQL alike.
 */
import { describe, expect, it } from 'vitest';
import { Gate, PoolTimeoutError, db, isConnectionError } from '../../../netlify/lib/platform/index.ts';
import { useTestDatabase } from '../support/harness.ts';

useTestDatabase();

describe('isConnectionError', () => {
  it.each(['57014', '55P03', '53300', '57P01', '08006', '08P01', 'CONNECT_TIMEOUT', 'ECONNREFUSED', 'ECONNRESET', 'POOL_TIMEOUT'])(
    '%s is unavailable (503)',
    (code) => expect(isConnectionError(Object.assign(new Error('x'), { code }))).toBe(true),
  );
  it.each(['23505', '23514', '42P01', '42501', undefined])('%s is not', (code) =>
    expect(isConnectionError(Object.assign(new Error('x'), { code }))).toBe(false),
  );
  it('is false for non-errors', () => {
    expect(isConnectionError(null)).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
  });
});

describe('Gate', () => {
  it('hands out its permits, queues the rest in order and gives up after the wait', async () => {
    const gate = new Gate(2, 150);
    const a = await gate.acquire();
    const b = await gate.acquire();
    const third = gate.acquire();
    const started = performance.now();
    const fourth = gate.acquire();
    a();
    const releaseThird = await third; // first in line gets the freed permit
    await expect(fourth).rejects.toBeInstanceOf(PoolTimeoutError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    b();
    releaseThird();
    releaseThird(); // twice is harmless: still two permits, not three
    await gate.acquire();
    await gate.acquire();
    await expect(gate.acquire()).rejects.toBeInstanceOf(PoolTimeoutError);
  });
});

describe('db()', () => {
  it('runs more concurrent queries and transactions than it has connections, all answered', async () => {
    const work = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0 ? db().begin(async (tx) => (await tx`select ${i}::int as n`)[0]!.n) : db()`select ${i}::int as n`.then((r) => r[0]!.n),
    );
    expect(await Promise.all(work)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('keeps fragments and helpers working (they are not queries of their own)', async () => {
    const sql = db();
    const where = sql`where id = ${'6801c2a4f1e2b3c4d5e6fd57'}`;
    const rows = await sql`select ${sql('title')} from courses ${where}`;
    expect(rows).toHaveLength(1);
    expect(await sql.unsafe('select 2 as two')).toEqual([{ two: 2 }]);
  });
});
