import { useCallback, useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { handleSessionEnd } from './session.ts';

/** `?key=value&...` of the values that are not blank (trimmed), or '' when there are none. */
export function queryOf(values: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value.trim()) params.set(key, value.trim());
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * What an admin list screen shows for its filter: GET `path` once the admin is known, again for
 * every applied filter (each is a new object) and on `reload()`. `data` answers the current filter
 * (null while a new one loads, so old rows never pass for new ones); `latest` is the newest answer
 * of any filter (for pickers that should not blink); an answer whose request was replaced is dropped.
 */
export function useAdminQuery<T, F>(admin: unknown, filter: F, path: string, failure: string) {
  const [answer, setAnswer] = useState<{ filter: F; data: T } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!admin) return;
    const controller = new AbortController();
    setError(null);
    api<T>(path, { signal: controller.signal })
      .then((data) => setAnswer({ filter, data }))
      .catch((problem: unknown) => {
        if ((problem as Error).name === 'AbortError') return;
        if (!handleSessionEnd(problem)) setError(errorText(problem, failure));
      });
    return () => controller.abort();
  }, [admin, filter, path, failure, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { data: answer && answer.filter === filter ? answer.data : null, latest: answer?.data ?? null, error, reload };
}

/**
 * What an admin screen without a filter shows: GET `path` once the admin is known and again on
 * `reload()` (after the screen changed something). An error stays until the next answer arrives.
 */
export function useAdminLoad<T>(admin: unknown, path: string, failure: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(() => {
    api<T>(path)
      .then((answer) => {
        setData(answer);
        setError(null);
      })
      .catch((problem: unknown) => {
        if (!handleSessionEnd(problem)) setError(errorText(problem, failure));
      });
  }, [path, failure]);

  useEffect(() => {
    if (admin) reload();
  }, [admin, reload]);

  return { data, error, reload };
}
