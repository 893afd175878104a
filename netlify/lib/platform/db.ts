import postgres from 'postgres';
import { env } from './env.ts';

export type Sql = postgres.Sql;
/** A transaction handle: services take it so a fact and its outbox email commit together. */
export type Tx = postgres.TransactionSql;
export type Db = Sql | Tx;

/**
 * Time budget of one database call, so every answer (or its 503) comes inside Netlify's 10 s.
 * The server enforces the statement and lock timeouts (role settings, see the migration
 * 20261123000200_role_timeouts.sql: 5 s statement, 3 s lock), because a transaction pooler keeps
 * neither a startup parameter nor a session setting.
 */
export const DB_LIMITS = {
  /** seconds to open a connection (TCP + TLS + auth) before giving up */
  connectTimeoutS: 3,
  /** longest wait for a free connection of this instance's pool */
  poolWaitMs: 2_000,
  /** longest pause before retrying a failed connection (postgres.js waits up to 20 s by default) */
  maxBackoffS: 0.5,
};

let client: Sql | undefined;

/**
 * The one SQL client, created once per function instance. Safe behind a transaction pooler
 * (Supabase port 6543, PgBouncer): `prepare: false`, and no startup parameter but
 * application_name, which PgBouncer tracks (it refuses others, e.g. statement_timeout).
 */
export function db(): Sql {
  if (client) return client;
  const config = env();
  const options = {
    prepare: false,
    max: config.DB_POOL_MAX,
    idle_timeout: 20,
    connect_timeout: DB_LIMITS.connectTimeoutS,
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, DB_LIMITS.maxBackoffS),
    // At most one query queued behind a running one on a connection; the rest wait in the gate.
    max_pipeline: 1,
    onnotice: () => {},
    connection: { application_name: 'aspira' },
  };
  // max_pipeline is a postgres.js option its type declarations leave out.
  const raw = postgres(config.DATABASE_URL, options as postgres.Options<Record<string, postgres.PostgresType>>);
  client = gated(raw, new Gate(config.DB_POOL_MAX, DB_LIMITS.poolWaitMs));
  return client;
}

/** Closes the pool (tests, scripts). The next db() call opens a new one. */
export async function closeDb(): Promise<void> {
  const current = client;
  client = undefined;
  await current?.end({ timeout: 5 });
}

/** Raised when no connection of the pool came free in time; answered 503 like the others. */
export class PoolTimeoutError extends Error {
  readonly code = 'POOL_TIMEOUT';
  constructor(waitedMs: number) {
    super(`no database connection came free within ${waitedMs} ms`);
  }
}

/** A counting semaphore with a bounded wait: one permit per connection of the pool. */
export class Gate {
  private free: number;
  private readonly waitMs: number;
  private readonly waiting: (() => void)[] = [];
  // Plain fields, no parameter properties: Node runs these files as they are (type stripping only).
  constructor(permits: number, waitMs: number) {
    this.free = permits;
    this.waitMs = waitMs;
  }

  /** Resolves with a release function, or rejects with PoolTimeoutError after waitMs. */
  acquire(): Promise<() => void> {
    const grant = (): (() => void) => {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = this.waiting.shift();
        if (next) next();
        else this.free++;
      };
    };
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(grant());
    }
    return new Promise((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(grant());
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(wake), 1);
        reject(new PoolTimeoutError(this.waitMs));
      }, this.waitMs);
      this.waiting.push(wake);
    });
  }
}

type QueryInternals = {
  handler: (query: QueryInternals) => void;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/**
 * Every query and transaction first takes a permit, so work waits here (bounded, and a query
 * that gave up never runs) rather than in postgres.js's unbounded queue or behind a slow query
 * on a busy connection. Queries inside a transaction use its connection and need none.
 */
function gated(raw: Sql, gate: Gate): Sql {
  const guard = <T>(query: T): T => {
    const q = query as unknown as QueryInternals;
    if (typeof q?.handler !== 'function') return query; // identifiers and helpers, not queries
    const run = q.handler;
    q.handler = (self) => {
      gate.acquire().then(
        (release) => {
          const { resolve, reject } = self;
          self.resolve = (value) => (release(), resolve(value));
          self.reject = (error) => (release(), reject(error));
          run(self);
        },
        (error: unknown) => self.reject(error),
      );
    };
    return query;
  };
  return new Proxy(raw, {
    apply: (target, self, args) => guard(Reflect.apply(target, self, args)),
    get: (target, property, receiver) => {
      if (property === 'unsafe') return (...args: Parameters<Sql['unsafe']>) => guard(target.unsafe(...args));
      if (property === 'begin') {
        return async (...args: unknown[]) => {
          const release = await gate.acquire();
          try {
            return await (target.begin as (...a: unknown[]) => Promise<unknown>)(...args);
          } finally {
            release();
          }
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/** Connection-level failures (class 08) and the server refusing or ending a session. */
const UNAVAILABLE_SQLSTATES = new Set([
  '53000', // insufficient_resources
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovery)
  '40001', // serialization_failure: retrying may succeed
  '40P01', // deadlock_detected: retrying may succeed
]);

const UNAVAILABLE_CLIENT_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'POOL_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

/**
 * True for errors that mean "the database cannot serve this now": down, unreachable, out of
 * connections, too slow (statement timeout), locked (lock timeout). Answered 503 + Retry-After.
 */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return UNAVAILABLE_CLIENT_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08');
}

/** Postgres unique_violation, for "this already exists" answers backed by constraints. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint_name?: string } | null;
  return e?.code === '23505' && (!constraint || e.constraint_name === constraint);
}
