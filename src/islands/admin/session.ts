/**
 * Admin screens' guard and helpers (docs/product.md, States: Admin): the stored admin display record stands for
 * "logged in" in the browser; the API checks the real session (HttpOnly cookie) on every call.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { session, type DisplayAdmin } from '../../lib/session.ts';
import { toast } from '../ui/Toasts.tsx';

export const LOGIN_PATH = '/admin/login';
export const PLEASE_LOGIN = 'Please login to admin';

function goToLogin(): void {
  window.location.replace(LOGIN_PATH);
}

/**
 * The stored admin record, or a redirect to /admin/login. `announce` shows "Please login to admin"
 * first (the list, update and leads screens); the dashboard and create screens redirect at once.
 */
export function useAdmin({ announce }: { announce: boolean }): DisplayAdmin | null {
  const [admin, setAdmin] = useState<DisplayAdmin | null>(null);
  useEffect(() => {
    const stored = session.admin();
    if (stored) {
      setAdmin(stored);
      return;
    }
    if (announce) {
      toast.error(PLEASE_LOGIN);
      const timer = setTimeout(goToLogin, 1200);
      return () => clearTimeout(timer);
    }
    goToLogin();
    return undefined;
  }, [announce]);
  return admin;
}

/** An API answer meaning the session is gone: forget the record and go to the login screen. */
export function handleSessionEnd(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) {
    session.clearAdmin();
    toast.error(PLEASE_LOGIN);
    setTimeout(goToLogin, 1200);
    return true;
  }
  return false;
}
