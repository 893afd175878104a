import { db, env, assertSameOrigin, HttpError } from '../platform/index.ts';
import { signSession, verifySession, type Role } from './tokens.ts';

export type AdminRole = 'owner' | 'counsellor' | 'faculty';
export type Session = {
  accountId: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  /** Set for admins only. */
  adminRole: AdminRole | null;
};

export type GuardOptions = {
  /** Learners: refuse (403) an account whose email is not confirmed yet (buying, paying). */
  verified?: boolean;
  /**
   * Admins: refuse (403) an admin without this role or one of these roles ('owner' for course,
   * money and admin actions). Left out: owners and counsellors; faculty only where a route names them.
   */
  adminRole?: AdminRole | readonly AdminRole[];
};

export const CONFIRM_EMAIL_FIRST = 'Please confirm your email address first: open the link we emailed you, or ask for a new one';
export const OWNERS_ONLY = 'Only an owner admin can do this';
export const NOT_FOR_FACULTY = 'Faculty accounts can open their batches only';
const STAFF: readonly AdminRole[] = ['owner', 'counsellor'];

const COOKIE: Record<Role, string> = { user: 'aspira_session', admin: 'aspira_admin_session' };
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function bearer(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim();
}

const LOGIN_MESSAGE: Record<Role, string> = { user: 'Please log in to continue', admin: 'Please login to admin' };

/**
 * The one auth guard. Accepts the bearer header (docs/architecture.md, API departures) or our HttpOnly cookie; cookie-borne writes
 * must come from our Origin. The account is read on every request: a bumped token version
 * (logout, password change) or a deleted account ends the session at once.
 */
export async function requireSession(request: Request, role: Role, options: GuardOptions = {}): Promise<Session> {
  const fromHeader = bearer(request);
  const token = fromHeader ?? readCookie(request, COOKIE[role]);
  if (!token) throw new HttpError(401, LOGIN_MESSAGE[role]);
  if (!fromHeader && !SAFE_METHODS.has(request.method)) assertSameOrigin(request);
  const claims = await verifySession(token);
  if (!claims) throw new HttpError(401, 'Your session has expired. Please log in again.');
  if (claims.role !== role) throw new HttpError(403, role === 'admin' ? 'Admins only' : 'Please log in with a learner account');
  const [account] = await db()<AccountRow[]>`
    select id, role, email, first_name, last_name, token_version, email_verified_at is not null as verified, admin_role
    from accounts where id = ${claims.sub}`;
  if (!account || account.role !== role || account.token_version !== claims.tv) {
    throw new HttpError(401, 'Your session has expired. Please log in again.');
  }
  // Admins confirm their email before any admin action (login refuses them until then).
  if ((options.verified || role === 'admin') && !account.verified) throw new HttpError(403, CONFIRM_EMAIL_FIRST);
  if (role === 'admin') {
    const allowed = options.adminRole === undefined ? STAFF : ([] as AdminRole[]).concat(options.adminRole);
    if (!account.admin_role || !allowed.includes(account.admin_role)) {
      const message =
        account.admin_role === 'faculty'
          ? NOT_FOR_FACULTY
          : allowed.includes('counsellor')
            ? 'Your admin role cannot do this'
            : OWNERS_ONLY;
      throw new HttpError(403, message);
    }
  }
  return {
    accountId: account.id,
    role,
    email: account.email,
    firstName: account.first_name,
    lastName: account.last_name,
    emailVerified: account.verified,
    adminRole: account.admin_role,
  };
}

type AccountRow = {
  id: string;
  role: Role;
  email: string;
  first_name: string;
  last_name: string;
  token_version: number;
  verified: boolean;
  admin_role: AdminRole | null;
};

export const requireUser = (request: Request, options?: Pick<GuardOptions, 'verified'>) => requireSession(request, 'user', options);
/** Owners and counsellors; pass `adminRole` to let faculty in too (their batches, their own account). */
export const requireAdmin = (request: Request, options?: Pick<GuardOptions, 'adminRole'>) => requireSession(request, 'admin', options);
/** Course, money and admin-management actions: owners only (counsellors work leads). */
export const requireOwner = (request: Request) => requireSession(request, 'admin', { adminRole: 'owner' });

/** Issues a token and the matching Set-Cookie header value. */
export async function issueSession(account: { id: string; role: Role; tokenVersion: number }): Promise<{ token: string; cookie: string }> {
  const token = await signSession({ sub: account.id, role: account.role, tv: account.tokenVersion });
  const secure = env().SITE_URL.startsWith('https://') ? '; Secure' : '';
  const maxAge = env().SESSION_TTL_HOURS * 3600;
  return { token, cookie: `${COOKIE[account.role]}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}` };
}

/** Set-Cookie value that removes the session cookie. */
export function clearSessionCookie(role: Role): string {
  const secure = env().SITE_URL.startsWith('https://') ? '; Secure' : '';
  return `${COOKIE[role]}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/** Kills every token issued so far for this account (logout, password change). */
export async function revokeSessions(accountId: string): Promise<void> {
  await db()`update accounts set token_version = token_version + 1, updated_at = now() where id = ${accountId}`;
}
