/**
 * The display record of who is logged in, kept in localStorage to drive the UI (spec section 3).
 * It holds no token: the session itself is an HttpOnly cookie the server checks.
 */
import type { DisplayUser } from '../shared/account.ts';

const USER_KEY = 'aspira.user';
const ADMIN_KEY = 'aspira.admin';
export type DisplayAdmin = { _id: string; email: string; firstName: string };

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

/** /login?next=/buy/123: only same-site paths are followed. */
export function safeNext(next: string | null, fallback = '/courses'): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : fallback;
}
