/** Where each role's account pages live: learners at the root, admins under /admin. */
export type AccountRole = 'user' | 'admin';

export const PATHS: Record<AccountRole, { login: string; forgot: string; area: string }> = {
  user: { login: '/login', forgot: '/forgot-password', area: '/courses' },
  admin: { login: '/admin/login', forgot: '/admin/forgot-password', area: '/admin/dashboard' },
};

/** The token of an emailed link (?token=...), or ''. */
export function tokenFromUrl(): string {
  return new URLSearchParams(location.search).get('token') ?? '';
}
