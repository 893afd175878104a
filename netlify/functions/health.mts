import type { Config } from '@netlify/functions';
import { checkHealth, json, routes } from '../lib/platform/index.ts';

/**
 * For an external uptime monitor: 200 when the database answers and has every migration this
 * build expects, else 503. No counts, versions or secrets (README, Operations).
 */
export default routes({
  'GET /api/v1/health': async () => {
    const { healthy, checks } = await checkHealth();
    const headers = { 'cache-control': 'no-store' };
    if (healthy) return json({ status: 'ok', checks }, { headers });
    const problem = checks.database !== 'ok' ? 'The database is not reachable' : 'The database is missing migrations';
    return json({ status: 'unhealthy', errors: problem, checks }, { status: 503, headers: { ...headers, 'retry-after': '30' } });
  },
});

export const config: Config = { path: '/api/v1/health' };
