/**
 * The one API client for islands. Same-origin requests with credentials (our HttpOnly session
 * cookie); errors arrive as ApiError carrying the API's `{ errors }` shape.
 */
export const API_BASE = '/api/v1';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: string[] | string | undefined;
  readonly retryAfter: number | undefined;
  constructor(status: number, errors: string[] | string | undefined, retryAfter?: number) {
    super(Array.isArray(errors) ? errors.join('\n') : (errors ?? `Request failed (${status})`));
    this.status = status;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }

  /** True when no answer came back at all (offline, server down). */
  get noResponse(): boolean {
    return this.status === 0;
  }

  /** Messages of the form "field: message", keyed by field; messages naming no field are left out. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    if (!Array.isArray(this.errors)) return out;
    for (const message of this.errors) {
      const match = message.match(/^([A-Za-z][\w.]*): (.+)$/);
      if (match?.[1] && match[2] && !(match[1] in out)) out[match[1]] = match[2];
    }
    return out;
  }

  /** Messages that name no field, for a general error line. */
  generalErrors(): string[] {
    if (typeof this.errors === 'string') return [this.errors];
    if (!Array.isArray(this.errors)) return [];
    return this.errors.filter((m) => !/^[A-Za-z][\w.]*: /.test(m));
  }
}

type Options = { method?: string; body?: unknown; form?: FormData; signal?: AbortSignal };

/**
 * An answer the page's <head> already asked for, before any code had loaded
 * (src/layouts/account-guard.ts, `data-prefetch`): each is taken once, by the first plain GET of
 * its path. Null when that early request failed (then the client asks again).
 */
function prefetched(path: string): Promise<Response | null> | undefined {
  const early = (globalThis as { __aspiraPrefetch?: Record<string, Promise<Response | null>> }).__aspiraPrefetch;
  const answer = early?.[path];
  if (answer) delete early![path];
  return answer;
}

export async function api<T>(path: string, { method, body, form, signal }: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (form) payload = form;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const early = !payload && !method && !signal ? prefetched(path) : undefined;
  let response = early ? await early : null;
  try {
    response ??= await fetch(`${API_BASE}${path}`, {
      method: method ?? (payload ? 'POST' : 'GET'),
      headers,
      body: payload ?? null,
      credentials: 'include',
      signal: signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, undefined);
  }
  const data = (await response.json().catch(() => undefined)) as (T & { errors?: string[] | string }) | undefined;
  if (!response.ok) {
    const retry = Number(response.headers.get('retry-after'));
    throw new ApiError(response.status, data?.errors, Number.isFinite(retry) && retry > 0 ? retry : undefined);
  }
  return data as T;
}

/** A message for a toast or an error line: the server's words, else the given fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.noResponse && error.errors && error.status < 500) {
    return Array.isArray(error.errors) ? error.errors.join('\n') : error.errors;
  }
  if (error instanceof ApiError && error.status === 429 && error.errors) return String(error.errors);
  return fallback;
}
