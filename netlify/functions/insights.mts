import type { Config } from '@netlify/functions';
import { insightsQuerySchema } from '../../src/shared/insights.ts';
import { requireAdmin } from '../lib/auth/index.ts';
import { json, parseWith, routes } from '../lib/platform/index.ts';
import { insights, insightsCsv } from '../lib/leads/index.ts';

/** What converts: leads per week by source and programme, time to first contact, conversion (JSON or CSV). */
export default routes({
  'GET /api/v1/admin/insights': async ({ request, url }) => {
    await requireAdmin(request);
    const query = parseWith(insightsQuerySchema, Object.fromEntries(url.searchParams));
    const dto = await insights(query);
    if (query.format !== 'csv') return json(dto);
    const { filename, body } = insightsCsv(dto);
    return new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
      },
    });
  },
});

export const config: Config = { path: '/api/v1/admin/insights' };
