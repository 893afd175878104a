import type { Config } from '@netlify/functions';
import { auditQuerySchema } from '../../src/shared/pipeline.ts';
import { listAudit, json, parseWith, routes } from '../lib/platform/index.ts';
import { requireOwner } from '../lib/auth/index.ts';

/** The admin audit log (owners only), newest first, by actor, action and days. */
export default routes({
  'GET /api/v1/admin/audit': async ({ request, url }) => {
    await requireOwner(request);
    return json(await listAudit(parseWith(auditQuerySchema, Object.fromEntries(url.searchParams))));
  },
});

export const config: Config = { path: '/api/v1/admin/audit' };
