import { createHmac } from 'node:crypto';
import { db, type Db } from './db.ts';
import { env } from './env.ts';
import { HttpError } from './http/errors.ts';

export type Limit = {
  /** What is being limited, e.g. "contact" or "login". */
  bucket: string;
  /** Who: an IP address, an email, an account id. Stored as a keyed hash. */
  key: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
};

/**
 * The stored key: a keyed hash (HMAC with the site's secret), so a guessed email or address cannot
 * be confirmed by hashing it; erasure finds a person's rows by computing the same key.
 */
export const limitKey = (bucket: string, key: string) =>
  `${bucket}:${createHmac('sha256', env().jwtSecret).update(`rate-limit:${key}`).digest('hex').slice(0, 32)}`;

/** The buckets counted per email address (lower case): erasure deletes the person's rows in each. */
export const EMAIL_BUCKETS = [
  'otp-send-email-minute',
  'otp-send-email-hour',
  'mail-to-visitor',
  'user-forgot-email',
  'user-signup-email',
  'user-login-failures',
  'whatsapp-code-person',
] as const;

/**
 * The counting statement of a fixed window, as a fragment: returns `count` and `retry_after`.
 * A caller may run it inside a bigger statement (mail/index.ts: the outbox insert), so a limited
 * write costs no extra round trip.
 */
export function hitStatement(sql: Db, { bucket, key, windowSeconds }: Omit<Limit, 'limit'>) {
  return sql`
    insert into rate_limits (key, window_start, count)
    values (${limitKey(bucket, key)}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limits.window_start end
    returning count,
      greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int as retry_after`;
}

/**
 * Fixed-window counter in Postgres: one atomic upsert per call, so it holds across every function
 * instance. Counts this hit (`peek`: only reads) and answers whether the allowance is used up.
 */
export async function countHit(
  { bucket, key, limit, windowSeconds, peek = false }: Limit & { peek?: boolean },
  sql: Db = db(),
): Promise<{ exceeded: boolean; retryAfter: number }> {
  if (peek) {
    // Only reads the current window (a success is not a hit of a failure counter).
    const [row] = await sql<{ count: number }[]>`
      select count from rate_limits
      where key = ${limitKey(bucket, key)} and window_start > now() - make_interval(secs => ${windowSeconds})`;
    return { exceeded: (row?.count ?? 0) > limit, retryAfter: 0 };
  }
  const [row] = await sql<{ count: number; retry_after: number }[]>`${hitStatement(sql, { bucket, key, windowSeconds })}`;
  return { exceeded: !!row && row.count > limit, retryAfter: row?.retry_after ?? windowSeconds };
}

/** Throws 429 with Retry-After once the window's allowance is used. */
export async function rateLimit(limit: Limit): Promise<void> {
  const { exceeded, retryAfter } = await countHit(limit);
  if (exceeded) {
    throw new HttpError(429, 'Too many requests. Please wait a little and try again.', { 'retry-after': String(retryAfter) });
  }
}
