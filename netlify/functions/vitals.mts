import type { Config } from '@netlify/functions';
import { VITALS_MAX_BYTES, vitalsReportSchema } from '../../src/shared/vitals.ts';
import { recordVitals } from '../lib/operations/index.ts';
import { clientIp, HttpError, rateLimit, readJson, routes } from '../lib/platform/index.ts';

/**
 * Field data from visitors' browsers (docs/architecture.md, Operations): one small report per page
 * view, sent with navigator.sendBeacon as the page is left. Counted, never stored per visit.
 */
export default routes({
  'POST /api/v1/vitals': async ({ request, context }) => {
    if (Number(request.headers.get('content-length') ?? '0') > VITALS_MAX_BYTES) {
      throw new HttpError(413, `A report is at most ${VITALS_MAX_BYTES} bytes`);
    }
    await rateLimit({ bucket: 'vitals-ip', key: clientIp(request, context), limit: 60, windowSeconds: 600 });
    await recordVitals(await readJson(request, vitalsReportSchema));
    return new Response(null, { status: 204 });
  },
});

export const config: Config = { path: '/api/v1/vitals', method: 'POST' };
