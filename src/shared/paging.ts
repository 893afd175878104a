/**
 * Paging of every admin list (docs/architecture.md, API conventions: paging): the query
 * `?sort=<column>&dir=asc|desc&after=<cursor>&limit=50` beside each list's own filters, and the
 * answer `{ rows, next, total? }`. `next` is the cursor of the following page (null on the last
 * one); the server signs it, so the browser only hands it back. The sort names of each list are
 * plain constants here, for the screens' headers and the servers' whitelists alike.
 */
import * as z from 'zod/mini';

export const PAGE_SIZE = 50;
export const PAGE_MAX = 200;
export const SORT_DIRS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRS)[number];

/** Each admin list's sortable columns, the first being its default (with its default direction). */
export const LIST_SORTS = {
  leads: ['created', 'name', 'stage', 'activity', 'follow_up'],
  audit: ['time'],
  team: ['name', 'role'],
  codes: ['created', 'uses'],
  dues: ['due', 'amount'],
  requests: ['deadline', 'received'],
  money: ['time', 'amount'],
} as const satisfies Record<string, readonly [string, ...string[]]>;
export type ListName = keyof typeof LIST_SORTS;
export type SortOf<L extends ListName> = (typeof LIST_SORTS)[L][number];

export const DEFAULT_DIRS: { [L in ListName]: SortDir } = {
  leads: 'desc',
  audit: 'desc',
  team: 'asc',
  codes: 'desc',
  dues: 'asc',
  requests: 'asc',
  money: 'desc',
};

/** One page of a list: its rows, the cursor of the next page (null: this is the last), a total where it is cheap. */
export type Page<T> = { rows: T[]; next: string | null; total?: number };

/** A cursor as the server writes it: base64url of the last row's sort values, a dot, its signature. */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,2000}\.[A-Za-z0-9_-]{22}$/;
export const BAD_CURSOR = 'Not a page of this list: load the list again from its first page';

/** The paging fields of a list's query schema, to spread into its object schema. */
export function pagingFields<L extends ListName>(list: L) {
  const sorts = LIST_SORTS[list] as unknown as readonly [SortOf<L>, ...SortOf<L>[]];
  return {
    sort: z.optional(z.enum(sorts, { error: `sort must be one of ${sorts.join(', ')}` })),
    dir: z.optional(z.enum(SORT_DIRS, { error: 'dir must be asc or desc' })),
    after: z.optional(z.string().check(z.regex(CURSOR_PATTERN, BAD_CURSOR))),
    limit: z.optional(
      z.pipe(
        z.string().check(z.regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${PAGE_MAX}`)),
        z.pipe(
          z.transform((text: string) => Number(text)),
          z.number().check(z.minimum(1, `limit must be 1 or more`), z.maximum(PAGE_MAX, `limit is at most ${PAGE_MAX}`)),
        ),
      ),
    ),
  };
}

/** What a list's service needs to read one page. */
export type PageRequest<S extends string = string> = { sort?: S; dir?: SortDir; after?: string; limit?: number };
