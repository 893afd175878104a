/**
 * Field data (docs/architecture.md, Operations): Core Web Vitals and browser errors from real
 * visits, counted per India day, page path, device class and metric bucket, never stored per visit.
 * Nothing in a row points at a person: no IP (the rate limit keeps only a keyed hash, briefly), no
 * cookie, no account, no query string. Rows older than KEEP_DAYS go as new ones come.
 */
import {
  bucketOf,
  bucketValue,
  budgetOf,
  METRICS,
  VITALS_DAYS,
  type Device,
  type FieldVitalsDto,
  type Metric,
  type PageVitalsDto,
  type VitalsReport,
} from '../../../src/shared/vitals.ts';
import { db, scrub } from '../platform/index.ts';

export const KEEP_DAYS = 30;
/** The pages the screen lists (most viewed first) and the errors it shows (latest first). */
const PAGES_SHOWN = 40;
const ERRORS_SHOWN = 20;

const INDIA_DAY = `(now() at time zone 'Asia/Kolkata')::date`;

/** "/course/abc/" and "/about.html" are "/course/abc" and "/about". */
export function pagePath(path: string): string {
  const clean = path.replace(/\.html$/, '').replace(/\/index$/, '/');
  return clean.length > 1 ? clean.replace(/\/+$/, '') || '/' : clean;
}

/** Adds one page view's report to the day's counts. */
export async function recordVitals(report: VitalsReport): Promise<void> {
  const sql = db();
  const path = pagePath(report.path);
  const measured = METRICS.flatMap((metric) => {
    const value = report[metric];
    return value === undefined ? [] : [{ metric, bucket: bucketOf(metric, value) }];
  });
  const messages = [...new Set((report.errors ?? []).map((message) => scrub(message.trim()).slice(0, 200)).filter(Boolean))];
  if (measured.length) {
    await sql`
      with old as (delete from field_vitals where day < ${sql.unsafe(INDIA_DAY)} - ${KEEP_DAYS}::int)
      insert into field_vitals (day, path, device, metric, bucket, count)
      select ${sql.unsafe(INDIA_DAY)}, ${path}, ${report.device}, m.metric, m.bucket, 1
      from unnest(${sql.array(measured.map((m) => m.metric))}::text[], ${sql.array(measured.map((m) => m.bucket))}::int[]) as m (metric, bucket)
      on conflict (day, path, device, metric, bucket) do update set count = field_vitals.count + 1`;
  }
  if (messages.length) {
    await sql`
      with old as (delete from field_errors where day < ${sql.unsafe(INDIA_DAY)} - ${KEEP_DAYS}::int)
      insert into field_errors (day, path, message, count)
      select ${sql.unsafe(INDIA_DAY)}, ${path}, message, 1 from unnest(${sql.array(messages)}::text[]) as message
      on conflict (day, path, message) do update set count = field_errors.count + 1, last_seen_at = now()`;
  }
}

/** The operations screen's field data: each page's 75th percentiles over the last days, and the latest errors. */
export async function fieldVitals(): Promise<FieldVitalsDto> {
  const sql = db();
  const since = sql`${sql.unsafe(INDIA_DAY)} - ${VITALS_DAYS - 1}::int`;
  const [percentiles, errors] = await Promise.all([
    sql<{ path: string; device: Device; metric: Metric; p75: number; samples: number }[]>`
      with counts as (
        select path, device, metric, bucket, sum(count)::int as n
        from field_vitals where day >= ${since} group by path, device, metric, bucket),
      running as (
        select *, sum(n) over (partition by path, device, metric order by bucket) as below,
               sum(n) over (partition by path, device, metric) as total
        from counts)
      select path, device, metric, min(bucket) filter (where below >= 0.75 * total) as p75, max(total)::int as samples
      from running group by path, device, metric`,
    sql<{ message: string; path: string; count: number; last_seen_at: Date }[]>`
      select message, path, sum(count)::int as count, max(last_seen_at) as last_seen_at
      from field_errors where day >= ${since}
      group by message, path order by max(last_seen_at) desc limit ${ERRORS_SHOWN}`,
  ]);
  const pages = new Map<string, PageVitalsDto>();
  for (const row of percentiles) {
    const key = `${row.device} ${row.path}`;
    const page = pages.get(key) ?? { path: row.path, device: row.device, views: 0, metrics: [] };
    page.views = Math.max(page.views, row.samples);
    page.metrics.push({
      metric: row.metric,
      p75: bucketValue(row.metric, Number(row.p75)),
      samples: row.samples,
      budget: budgetOf(row.path, row.metric),
    });
    pages.set(key, page);
  }
  const order = (metric: Metric) => METRICS.indexOf(metric);
  return {
    days: VITALS_DAYS,
    pages: [...pages.values()]
      .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path) || a.device.localeCompare(b.device))
      .slice(0, PAGES_SHOWN)
      .map((page) => ({ ...page, metrics: page.metrics.sort((a, b) => order(a.metric) - order(b.metric)) })),
    errors: errors.map((e) => ({ message: e.message, path: e.path, count: e.count, lastSeenAt: new Date(e.last_seen_at).toISOString() })),
  };
}
