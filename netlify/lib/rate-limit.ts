import { createHash } from 'node:crypto';
import { db } from './db.ts';
import { HttpError } from './http.ts';

export type Limit = {
  /** What is being limited, e.g. "contact" or "login". */
  bucket: string;
  /** Who: an IP address, an email, an account id. Stored hashed. */
  key: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
};

/**
 * Fixed-window limiter in Postgres: one atomic upsert per call, so it holds across every function
 * instance. Throws 429 with Retry-After once the window's allowance is used.
 */
export async function rateLimit({ bucket, key, limit, windowSeconds }: Limit): Promise<void> {
  const id = `${bucket}:${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
  const [row] = await db()<{ count: number; retry_after: number }[]>`
    insert into rate_limits (key, window_start, count)
    values (${id}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limits.window_start end
    returning count,
      greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int as retry_after`;
  if (row && row.count > limit) {
    throw new HttpError(429, 'Too many requests. Please wait a little and try again.', {
      'retry-after': String(row.retry_after),
    });
  }
}
