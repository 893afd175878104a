import type { Config } from '@netlify/functions';
import { rightsCloseSchema, rightsConfirmSchema, rightsQueueQuerySchema, rightsRequestSchema } from '../../src/shared/rights-requests.ts';
import { requireOwner } from '../lib/auth/index.ts';
import { clientIp, json, parseWith, rateLimit, readJson, routes } from '../lib/platform/index.ts';
import { askRights, closeRightsRequest, confirmRights, listRightsRequests } from '../lib/privacy/index.ts';

/** Privacy requests without an account (DPDP Act ss.11-13): ask, confirm by the emailed link, the owners' queue. */
export default routes({
  'POST /api/v1/privacy/request': async ({ request, context }) => {
    const { email, kind, details } = await readJson(request, rightsRequestSchema);
    return json(await askRights({ email, kind, details }, clientIp(request, context)), { status: 202 });
  },

  'POST /api/v1/privacy/request/confirm': async ({ request, context }) => {
    await rateLimit({ bucket: 'rights-confirm-ip', key: clientIp(request, context), limit: 30, windowSeconds: 3600 });
    const { token } = await readJson(request, rightsConfirmSchema);
    return json(await confirmRights(token));
  },

  'GET /api/v1/admin/privacy/rights-requests': async ({ request, url }) => {
    await requireOwner(request);
    return json(await listRightsRequests(parseWith(rightsQueueQuerySchema, Object.fromEntries(url.searchParams))));
  },

  'POST /api/v1/admin/privacy/rights-requests/:id/close': async ({ request, params }) => {
    const owner = await requireOwner(request);
    const { outcome, note } = await readJson(request, rightsCloseSchema);
    await closeRightsRequest(owner, params.id!, outcome, note);
    return json(await listRightsRequests());
  },
});

export const config: Config = {
  path: [
    '/api/v1/privacy/request',
    '/api/v1/privacy/request/confirm',
    '/api/v1/admin/privacy/rights-requests',
    '/api/v1/admin/privacy/rights-requests/:id/close',
  ],
};
