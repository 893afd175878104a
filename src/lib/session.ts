/**
 * The display record of who is logged in, kept in localStorage to drive the UI (docs/architecture.md, API departures: sessions).
 * It holds no token: the session itself is an HttpOnly cookie the server checks.
 */
import type { DisplayUser } from '../shared/account.ts';

const USER_KEY = 'aspira.user';
const ADMIN_KEY = 'aspira.admin';
/** `adminRole` is remembered once the server has said it (GET /admin/me): the chrome shows an owner's sections from the first paint. */
export type DisplayAdmin = { _id: string; email: string; firstName: string; adminRole?: 'owner' | 'counsellor' | 'faculty' };

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export const session = {
  user: () => read<{ user: DisplayUser }>(USER_KEY)?.user ?? null,
  setUser: (user: DisplayUser) => localStorage.setItem(USER_KEY, JSON.stringify({ user })),
  clearUser: () => localStorage.removeItem(USER_KEY),
  admin: () => read<{ admin: DisplayAdmin }>(ADMIN_KEY)?.admin ?? null,
  setAdmin: (admin: DisplayAdmin) => localStorage.setItem(ADMIN_KEY, JSON.stringify({ admin })),
  clearAdmin: () => localStorage.removeItem(ADMIN_KEY),
};

/**
 * /login?next=/buy/123: only a path on this origin (under `within`) is followed, anything else
 * goes to `fallback`. Browsers read `\` as `/` and drop tabs and newlines from URLs, so
 * `/\evil.example` or `/\t/evil.example` would become `//evil.example`: such input is refused
 * outright, and what is left is resolved against our origin and must stay on it.
 */
export function safeNext(
  next: string | null | undefined,
  fallback = '/courses',
  within = '/',
  origin = globalThis.location?.origin ?? 'https://aspira.invalid',
): string {
  if (!next || !next.startsWith('/') || /^\/[/\\]/.test(next)) return fallback;
  // Backslashes, whitespace, control characters, and any encoded slash, backslash or control.
  if (/[\\\s\u0000-\u001F\u007F-\u009F]|%(2f|5c|0[0-9a-f]|1[0-9a-f]|7f)/i.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || url.username || url.password || !url.pathname.startsWith(within)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
