import { ApiError } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';
import type { DisplayUser } from '../../shared/account.ts';

/** Sends the visitor to /login, to come back here afterwards. */
export function goToLogin(): void {
  const here = `${location.pathname}${location.search}`;
  location.replace(`/login?next=${encodeURIComponent(here)}`);
}

/** Sends a learner whose email is not confirmed yet to "confirm your email", to come back here. */
export function goToConfirmEmail(): void {
  const here = `${location.pathname}${location.search}`;
  location.replace(`/verify-email?next=${encodeURIComponent(here)}`);
}

/**
 * The logged-in learner's display record, or null after starting the redirect to /login (docs/product.md, States)
 * or, for an email not confirmed yet, to /verify-email (which shows only "confirm your email").
 */
export function requireLogin(): DisplayUser | null {
  const user = session.user();
  if (!user) goToLogin();
  else if (user.emailVerified === false) {
    goToConfirmEmail();
    return null;
  }
  return user;
}

/**
 * A 401 from the API: the session ended (logout elsewhere, password change, expiry); a 403
 * "confirm your email" (the display record was stale): off to confirm it.
 */
export function handleExpired(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) {
    session.clearUser();
    goToLogin();
    return true;
  }
  if (error instanceof ApiError && error.status === 403 && typeof error.errors === 'string' && /confirm your email/i.test(error.errors)) {
    const user = session.user();
    if (user) session.setUser({ ...user, emailVerified: false });
    goToConfirmEmail();
    return true;
  }
  return false;
}

/** The id at the end of /course/{id} or /buy/{id} (the shell page serves every id). */
export function idFromPath(): string {
  const parts = location.pathname.replace(/\/+$/, '').split('/');
  return decodeURIComponent(parts[parts.length - 1] ?? '');
}

export const COURSE_ID = /^[0-9a-fA-F]{24}$/;
