/**
 * The site behind a transaction pooler, as production runs it (Supabase's port 6543): PgBouncer in
 * transaction mode. The client sends no startup parameter PgBouncer refuses, uses no prepared
 * statements, and the statement timeout still reaches the server connection every query runs on.
 *
 * Needs TEST_DATABASE_URL and TEST_POOLER_URL (.ci/pgbouncer.sh starts PgBouncer and sets it; run
 * it by hand with `source .ci/pgbouncer.sh`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { db, isConnectionError } from '../../../netlify/lib/platform/index.ts';
import { useTestDatabase } from '../support/harness.ts';
import { runCoreFlows, useDatabaseUrl } from '../support/supabase.ts';

const POOLER = process.env.TEST_POOLER_URL;
const ready = Boolean(POOLER && process.env.TEST_DATABASE_URL);
if (!ready) console.warn('pooler: skipped, TEST_POOLER_URL (and TEST_DATABASE_URL) not set; `source .ci/pgbouncer.sh` starts PgBouncer');

describe.skipIf(!ready)('through PgBouncer in transaction mode', () => {
  const database = useTestDatabase();
  let pooled: string;

  beforeAll(async () => {
    const url = new URL(POOLER!);
    url.pathname = new URL(database.url).pathname; // this file's database, through the pooler
    pooled = url.toString();
    await useDatabaseUrl(pooled);
  });

  it('refuses a client that sends statement_timeout as a startup parameter (what the site no longer does)', async () => {
    const old = postgres(pooled, { max: 1, prepare: false, connect_timeout: 5, connection: { statement_timeout: 8000 } });
    try {
      await expect(old`select 1`).rejects.toThrow(/unsupported startup parameter/);
    } finally {
      await old.end({ timeout: 1 });
    }
  });

  it('runs the core flows: course list, a lead, signup and login, an OTP', async () => {
    await runCoreFlows(database.sql);
  });

  it('runs them concurrently, transactions and all, on shared server connections', async () => {
    await Promise.all(Array.from({ length: 4 }, () => runCoreFlows(database.sql)));
  });

  it('every pooled server connection carries the statement and lock timeouts', async () => {
    const settings = await Promise.all(
      Array.from(
        { length: 8 },
        () => db()<{ statement: string; lock: string }[]>`
        select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock, pg_sleep(0.05)`,
      ),
    );
    for (const [row] of settings) expect(row).toMatchObject({ statement: '5s', lock: '3s' });
  });

  it('cancels a query over the limit (SQLSTATE 57014), which the API answers with 503', async () => {
    const started = performance.now();
    const error = await db()`select pg_sleep(8)`.then(
      () => undefined,
      (e: unknown) => e,
    );
    const ms = performance.now() - started;
    expect((error as { code?: string })?.code).toBe('57014');
    expect(isConnectionError(error)).toBe(true);
    expect(ms).toBeGreaterThan(4_500);
    expect(ms).toBeLessThan(7_000);
    // The pool is usable straight after.
    expect(await db()`select 1 as one`).toEqual([{ one: 1 }]);
  });
});
