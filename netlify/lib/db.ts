import postgres from 'postgres';
import { env } from './env.ts';

export type Sql = postgres.Sql;
/** A transaction handle: services take it so a fact and its outbox email commit together. */
export type Tx = postgres.TransactionSql;
export type Db = Sql | Tx;

let client: Sql | undefined;

/**
 * The one SQL client, created once per function instance. `prepare: false` is required by the
 * Supabase transaction pooler; the pool stays small because every instance has its own.
 */
export function db(): Sql {
  if (client) return client;
  const config = env();
  client = postgres(config.DATABASE_URL, {
    prepare: false,
    max: config.DB_POOL_MAX,
    idle_timeout: 20,
    connect_timeout: 10,
    onnotice: () => {},
    connection: { statement_timeout: config.DB_STATEMENT_TIMEOUT_MS, application_name: 'aspira' },
  });
  return client;
}

/** Closes the pool (tests, scripts). The next db() call opens a new one. */
export async function closeDb(): Promise<void> {
  const current = client;
  client = undefined;
  await current?.end({ timeout: 5 });
}

/** True for errors that mean "no connection could be had", answered with 503 + Retry-After. */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return (
    code === 'CONNECT_TIMEOUT' ||
    code === 'CONNECTION_CLOSED' ||
    code === 'CONNECTION_ENDED' ||
    code === 'CONNECTION_DESTROYED' ||
    code === 'ECONNREFUSED' ||
    code === '53300' || // too_many_connections
    code === '57P03' // cannot_connect_now
  );
}

/** Postgres unique_violation, for "this already exists" answers backed by constraints. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint_name?: string } | null;
  return e?.code === '23505' && (!constraint || e.constraint_name === constraint);
}
