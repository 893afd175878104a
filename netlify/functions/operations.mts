import type { Config } from '@netlify/functions';
import { bounceClearSchema, reconcileRangeSchema } from '../../src/shared/operations.ts';
import { requireOwner } from '../lib/auth/index.ts';
import { clearBounce, fieldVitals, operationsStatus, reconcileRange } from '../lib/operations/index.ts';
import { json, readJson, routes } from '../lib/platform/index.ts';

/** The owners' operations screen: outbox, bounces, webhooks, jobs, reconciliation, alerts. */
export default routes({
  'GET /api/v1/admin/operations': async ({ request }) => {
    await requireOwner(request);
    return json(await operationsStatus(), { headers: { 'cache-control': 'no-store' } });
  },

  /** Field data: each page's 75th percentiles of the last days against its budgets, and browser errors. */
  'GET /api/v1/admin/operations/vitals': async ({ request }) => {
    await requireOwner(request);
    return json(await fieldVitals(), { headers: { 'cache-control': 'no-store' } });
  },

  /** The address works again (Postmark is asked to reactivate it first). */
  'POST /api/v1/admin/operations/bounces/clear': async ({ request }) => {
    const session = await requireOwner(request);
    const { address } = await readJson(request, bounceClearSchema);
    return json(await clearBounce(session, address));
  },

  /** Reconciles the days again (after a fix), at most 31. */
  'POST /api/v1/admin/operations/reconcile': async ({ request }) => {
    await requireOwner(request);
    const range = await readJson(request, reconcileRangeSchema);
    return json({ reconciliations: await reconcileRange(range) });
  },
});

export const config: Config = {
  path: [
    '/api/v1/admin/operations',
    '/api/v1/admin/operations/vitals',
    '/api/v1/admin/operations/bounces/clear',
    '/api/v1/admin/operations/reconcile',
  ],
};
