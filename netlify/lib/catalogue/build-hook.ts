/**
 * The home catalogue is prebuilt HTML: after an admin changes a course, Netlify rebuilds the site
 * through its build hook. Islands already read the live API, so a failed or slow hook only delays
 * the static copy; it never fails the admin's request.
 */
import { env, log } from '../platform/index.ts';

const TIMEOUT_MS = 3000;

export async function triggerSiteRebuild(reason: string): Promise<boolean> {
  const url = env().NETLIFY_BUILD_HOOK_URL;
  if (!url) return false;
  try {
    const title = encodeURIComponent(`Course change: ${reason}`.slice(0, 120));
    const target = `${url}${url.includes('?') ? '&' : '?'}trigger_title=${title}`;
    const response = await fetch(target, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      log.warn('build hook answered an error', { status: response.status, reason });
      return false;
    }
    log.info('site rebuild requested', { reason });
    return true;
  } catch (error) {
    log.warn('build hook failed', { reason, error });
    return false;
  }
}
