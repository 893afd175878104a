/**
 * Keyset (seek) paging for every admin list, never OFFSET: a page is "the next `limit` rows after
 * the last one seen" in the list's order, so page 100 costs what page 1 costs and a row added
 * meanwhile neither repeats nor hides another. The order is one whitelisted sort column, then the
 * primary key as the tiebreak, all in one direction, compared as one row value (`(a, id) < ($1, $2)`)
 * so an index on the same columns serves it. Sort expressions must never be null (coalesce them).
 *
 * The cursor carries the last row's values as text (a timestamp keeps its microseconds), with the
 * list, sort and direction it belongs to, signed with HMAC: a forged or garbled cursor is a 400.
 */
import { createHmac } from 'node:crypto';
import type postgres from 'postgres';
import { BAD_CURSOR, PAGE_SIZE, type PageRequest, type SortDir } from '../../../src/shared/paging.ts';
import { constantTimeEqual } from './crypto.ts';
import { toCsv, csvRow, type Cell } from './csv.ts';
import type { Sql } from './db.ts';
import { env } from './env.ts';
import { HttpError } from './http/errors.ts';

/** How a value compares in SQL (the cast a cursor's text gets back). */
export type SortType = 'timestamptz' | 'date' | 'text' | 'numeric' | 'bigint' | 'integer';
/**
 * A SQL expression of the list's query (a constant of the code, never input) and its type. Qualify
 * columns with their table's alias: in ORDER BY a bare name means an output column of that name.
 */
export type SortKey = { expr: string; type: SortType };

export type KeysetList<S extends string> = {
  /** Signed into the cursor, so one list's cursor is refused by another. */
  name: string;
  sorts: Record<S, SortKey>;
  /** The primary key's columns: the tiebreak that makes the order total. */
  keys: readonly SortKey[];
  sort: S;
  dir: SortDir;
  /** Rows per page when the query names no limit (PAGE_SIZE unless a list is always short). */
  pageSize?: number;
};

type Fragment = postgres.PendingQuery<postgres.Row[]>;

/** The parts of one page's query: `select ..., ${plan.select} from ... where ... and ${plan.seek} order by ${plan.order} limit ${plan.fetch}`. */
export type PagePlan<S extends string> = {
  sort: S;
  dir: SortDir;
  limit: number;
  /** One more than the limit: a row beyond the page says a next page exists. */
  fetch: number;
  select: Fragment;
  seek: Fragment;
  order: Fragment;
  list: KeysetList<S>;
};

const SIGNATURE_BYTES = 16;

function signature(payload: string): string {
  return createHmac('sha256', env().jwtSecret)
    .update(`keyset.${payload}`, 'utf8')
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');
}

type CursorBody = { l: string; s: string; d: SortDir; v: string[] };

export function encodeCursor(body: CursorBody): string {
  const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return `${payload}.${signature(payload)}`;
}

const refuse = (): never => {
  throw new HttpError(400, [`after: ${BAD_CURSOR}`]);
};

/** The values of a cursor of this list, sort and direction, or a 400. */
export function decodeCursor(cursor: string, expect: { list: string; sort: string; dir: SortDir; values: number }): string[] {
  const [payload, given, extra] = cursor.split('.');
  if (!payload || !given || extra !== undefined || !constantTimeEqual(signature(payload), given)) return refuse();
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return refuse();
  }
  const b = body as Partial<CursorBody> | null;
  const fits =
    !!b &&
    b.l === expect.list &&
    b.s === expect.sort &&
    b.d === expect.dir &&
    Array.isArray(b.v) &&
    b.v.length === expect.values &&
    b.v.every((v) => typeof v === 'string');
  return fits ? (b.v as string[]) : refuse();
}

const join = (sql: Sql, parts: Fragment[], separator: ', ' | ' and '): Fragment =>
  parts.reduce((all, next) => (separator === ', ' ? sql`${all}, ${next}` : sql`${all} and ${next}`));

/**
 * The plan of one page. `request` is the list's parsed query (its sort, dir, after, limit);
 * services may ask for pages bigger than the HTTP cap (the CSV does).
 */
export function keysetPage<S extends string>(sql: Sql, list: KeysetList<S>, request: PageRequest<S>): PagePlan<S> {
  const sort = request.sort ?? list.sort;
  const dir = request.dir ?? list.dir;
  const limit = request.limit ?? list.pageSize ?? PAGE_SIZE;
  const columns = [list.sorts[sort], ...list.keys];
  const select = join(
    sql,
    columns.map((c, i) => sql`(${sql.unsafe(c.expr)})::text as ${sql.unsafe(`page_v${i}`)}`),
    ', ',
  );
  const order = sql`${sql.unsafe(columns.map((c) => `${c.expr} ${dir}`).join(', '))}`;
  let seek: Fragment = sql`true`;
  if (request.after) {
    const values = decodeCursor(request.after, { list: list.name, sort, dir, values: columns.length });
    const left = join(
      sql,
      columns.map((c) => sql`${sql.unsafe(c.expr)}`),
      ', ',
    );
    const right = join(
      sql,
      // Through text: postgres.js would read a timestamp parameter as a JS Date and drop its microseconds.
      columns.map((c, i) => sql`${values[i]!}::text::${sql.unsafe(c.type)}`),
      ', ',
    );
    seek = dir === 'asc' ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
  }
  return { sort, dir, limit, fetch: limit + 1, select, seek, order, list };
}

/** The page's rows (without the one fetched beyond it) and the cursor of the next page. */
export function pageOf<R extends postgres.Row, S extends string>(
  rows: readonly R[],
  plan: PagePlan<S>,
): { rows: R[]; next: string | null } {
  if (rows.length <= plan.limit) return { rows: [...rows], next: null };
  const page = rows.slice(0, plan.limit);
  const last = page[page.length - 1]! as Record<string, unknown>;
  const values = [plan.list.sorts[plan.sort], ...plan.list.keys].map((_, i) => String(last[`page_v${i}`]));
  return { rows: page, next: encodeCursor({ l: plan.list.name, s: plan.sort, d: plan.dir, v: values }) };
}

/** Rows fetched per query while a CSV streams. */
export const CSV_PAGE = 1000;

/**
 * Everything a filter matches as a streamed CSV (csv.ts's cells, BOM and CRLF): the header, then
 * one keyset page after another (`page(after)`), never the whole list in memory at once.
 */
export function keysetCsv(
  header: readonly string[],
  page: (after: string | undefined) => Promise<{ rows: readonly (readonly Cell[])[]; next: string | null }>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: string | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(toCsv(header, [])));
        return;
      }
      const { rows, next } = await page(after);
      if (rows.length) controller.enqueue(encoder.encode(rows.map((row) => `${csvRow(row)}\r\n`).join('')));
      if (next === null) controller.close();
      else after = next;
    },
  });
}

/** A CSV download's answer: the stream (or text), named `filename`, never cached. */
export function csvDownload(filename: string, body: ReadableStream<Uint8Array> | string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}
