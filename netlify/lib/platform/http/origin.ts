/** Where a request comes from: the client's address and the same-origin guards. */
import type { Context } from '@netlify/functions';
import { env } from '../env.ts';
import { HttpError } from './errors.ts';

/** The caller's address: Netlify (and our local server) set x-nf-client-connection-ip. */
export function clientIp(request: Request, context?: Partial<Context>): string {
  return (
    context?.ip ||
    request.headers.get('x-nf-client-connection-ip') ||
    request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ||
    'unknown'
  );
}

function allowedOrigins(request: Request): Set<string> {
  return new Set([new URL(request.url).origin, new URL(env().SITE_URL).origin]);
}

/**
 * Cookie-authenticated writes must come from our own pages: the Origin (or, failing that, the
 * Referer) must be this site's. Bearer-token requests are not exposed to CSRF and skip this.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin') ?? refererOrigin(request.headers.get('referer'));
  if (!origin || !allowedOrigins(request).has(origin)) throw new HttpError(403, CROSS_SITE);
}

export const CROSS_SITE = 'This request must come from the Aspira website';

/**
 * The one cross-site guard: refuses a request the browser marks as sent by another site
 * (Sec-Fetch-Site), or that names a foreign Origin or Referer. A request naming none of them
 * (a bookmark, curl, a server) passes: only browsers are made to send requests for others.
 */
export function assertNotCrossSite(request: Request): void {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') throw new HttpError(403, CROSS_SITE);
  const allowed = allowedOrigins(request);
  const origin = request.headers.get('origin');
  if (origin !== null && !allowed.has(origin)) throw new HttpError(403, CROSS_SITE);
  const referer = request.headers.get('referer');
  if (referer && !allowed.has(refererOrigin(referer) ?? '')) throw new HttpError(403, CROSS_SITE);
}

function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}
