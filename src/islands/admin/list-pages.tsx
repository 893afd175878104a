/**
 * Paging and sorting of the admin list screens (src/shared/paging.ts): the sort a screen shows,
 * kept in the page's address so a reload or a shared link shows the same view; the list's pages
 * loaded one after another ("Load more"); the sortable column heads (aria-sort) and the count so far.
 */
import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_DIRS, LIST_SORTS, type ListName, type Page, type SortDir, type SortOf } from '../../shared/paging.ts';
import { api, errorText } from '../../lib/api.ts';
import { handleSessionEnd } from './session.ts';

// onSort as a method: a screen's sorting of its own names fits where any list's is taken.
export type Sorting<S extends string = string> = { sort: S; dir: SortDir; onSort(sort: S): void };

/** Columns a click first sorts from the top down (newest, most, latest first). */
const FIRST_DESC = new Set(['created', 'activity', 'time', 'received', 'uses', 'amount']);

function fromAddress<L extends ListName>(list: L): { sort: SortOf<L>; dir: SortDir } {
  const sorts = LIST_SORTS[list] as readonly string[];
  const params = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  const sort = params.get('sort');
  const dir = params.get('dir');
  return {
    sort: (sort && sorts.includes(sort) ? sort : sorts[0]) as SortOf<L>,
    dir: dir === 'asc' || dir === 'desc' ? dir : DEFAULT_DIRS[list],
  };
}

/**
 * The screen's sort: read from the address (`?sort=&dir=`), written back to it on every change.
 * A click on the current column turns its direction; on another column starts with its natural one.
 */
export function useSort<L extends ListName>(list: L): Sorting<SortOf<L>> {
  const [state, setState] = useState(() => fromAddress(list));
  const onSort = useCallback(
    (sort: SortOf<L>) =>
      setState((now) => {
        const dir: SortDir = now.sort === sort ? (now.dir === 'asc' ? 'desc' : 'asc') : FIRST_DESC.has(sort) ? 'desc' : 'asc';
        const url = new URL(location.href);
        url.searchParams.set('sort', sort);
        url.searchParams.set('dir', dir);
        history.replaceState(history.state, '', url);
        return { sort, dir };
      }),
    [],
  );
  return { ...state, onSort };
}

/** The sort as query fields for a link (the CSV's): none when it is the list's default. */
export function sortFields(list: ListName, sorting: { sort: string; dir: SortDir }): Record<string, string> {
  return sorting.sort === LIST_SORTS[list][0] && sorting.dir === DEFAULT_DIRS[list] ? {} : { sort: sorting.sort, dir: sorting.dir };
}

/** `path` with the sort and, for a next page, the cursor (`path` may carry a query already). */
export function pagePath(path: string, sorting: { sort: string; dir: SortDir }, after?: string | null): string {
  const params = new URLSearchParams({ sort: sorting.sort, dir: sorting.dir, ...(after ? { after } : {}) });
  return `${path}${path.includes('?') ? '&' : '?'}${params}`;
}

/**
 * A list's pages: the first for the filter and sort (again on every applied filter, sort or
 * `reload()`), then each next one appended by `loadMore()`. `answer` is the newest page's whole
 * answer (the pickers a list sends beside its rows); an answer to a replaced request is dropped.
 */
export function usePages<T, A extends Page<T> = Page<T>>(
  admin: unknown,
  filter: unknown,
  path: string,
  sorting: { sort: string; dir: SortDir },
  failure: string,
) {
  const [state, setState] = useState<{ key: string; rows: T[]; next: string | null; answer: A } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const first = pagePath(path, sorting);
  const key = `${version}:${first}`;

  useEffect(() => {
    if (!admin) return;
    const controller = new AbortController();
    setError(null);
    setLoading(true);
    api<A>(first, { signal: controller.signal })
      .then((answer) => setState({ key, rows: answer.rows, next: answer.next, answer }))
      .catch((problem: unknown) => {
        if ((problem as Error).name === 'AbortError') return;
        if (!handleSessionEnd(problem)) setError(errorText(problem, failure));
      })
      .finally(() => setLoading(false));
    return () => controller.abort();
    // `filter` is in the list: each applied filter is a new object, so the list loads again.
  }, [admin, filter, first, key, failure]);

  const current = state && state.key === key ? state : null;
  const loadMore = () => {
    if (!current?.next || loading) return;
    setLoading(true);
    api<A>(pagePath(path, sorting, current.next))
      .then((answer) =>
        setState((now) => (now && now.key === key ? { key, rows: [...now.rows, ...answer.rows], next: answer.next, answer } : now)),
      )
      .catch((problem: unknown) => {
        if (!handleSessionEnd(problem)) setError(errorText(problem, failure));
      })
      .finally(() => setLoading(false));
  };
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return {
    rows: current?.rows ?? null,
    next: current?.next ?? null,
    answer: current?.answer ?? null,
    latest: state?.answer ?? null,
    error,
    loading,
    loadMore,
    reload,
  };
}

/** A sortable column head: `<th aria-sort>` holding the button that sorts by it. */
export function SortHead<S extends string>({ label, sort, sorting }: { label: string; sort: S; sorting: Sorting<S> }) {
  const active = sorting.sort === sort;
  return (
    <th scope="col" aria-sort={active ? (sorting.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      {/* The arrow of the order is drawn by admin.css from aria-sort: the button says only the column. */}
      <button type="button" className="sort-head" onClick={() => sorting.onSort(sort)}>
        {label}
      </button>
    </th>
  );
}

/** The sort heads of a list drawn as cards, not a table: a row of sortable heads above them. */
export function SortBar<S extends string>({ caption, heads, sorting }: { caption: string; heads: [S, string][]; sorting: Sorting<S> }) {
  return (
    <table className="sort-bar">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {heads.map(([sort, label]) => (
            <SortHead key={sort} label={label} sort={sort} sorting={sorting} />
          ))}
        </tr>
      </thead>
    </table>
  );
}

/**
 * Under a list: how many rows are shown (of how many, where the list says) in which order
 * ("newest first"), and "Load more" while there are more.
 */
export function PageFooter({
  shown,
  total,
  noun,
  order,
  more,
  loading,
  onMore,
}: {
  shown: number;
  total?: number | undefined;
  noun: [string, string];
  order: string;
  more: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  const word = (n: number) => (n === 1 ? noun[0] : noun[1]);
  const count = total !== undefined ? `Showing ${shown} of ${total} ${word(total)}` : `${shown} ${word(shown)}${more ? ' so far' : ''}`;
  return (
    <div className="page-footer">
      <p className="muted" role="status">
        {count}, {order}.
      </p>
      {more ? (
        <button type="button" className="btn btn-secondary" onClick={onMore} disabled={loading}>
          {loading ? 'Loading...' : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}
