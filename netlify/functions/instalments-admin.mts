import type { Config } from '@netlify/functions';
import { duesFilterSchema, planCreateSchema, planIdSchema, planUpdateSchema } from '../../src/shared/instalments.ts';
import { requireAdmin, requireOwner } from '../lib/auth/index.ts';
import { csvDownload, json, parseWith, readJson, routes } from '../lib/platform/index.ts';
import { duesCsv, listDues, createPlan, listAllPlans, updatePlan } from '../lib/instalments/index.ts';

/** Fee plans for the team: owners manage plans; every admin sees the dues and exports them. */
export default routes({
  'GET /api/v1/admin/plans': async ({ request }) => {
    await requireOwner(request);
    return json({ plans: await listAllPlans() });
  },

  'POST /api/v1/admin/plans': async ({ request }) => {
    const session = await requireOwner(request);
    const input = await readJson(request, planCreateSchema);
    return json({ plan: await createPlan(session, input) }, { status: 201 });
  },

  /** Name, programme, description and active only: parts are fixed once a plan exists. */
  'PATCH /api/v1/admin/plans/:id': async ({ request, params }) => {
    const session = await requireOwner(request);
    const planId = parseWith(planIdSchema, params.id);
    const input = await readJson(request, planUpdateSchema);
    return json({ plan: await updatePlan(session, planId, input) });
  },

  'GET /api/v1/admin/dues': async ({ request, url }) => {
    await requireAdmin(request);
    const filter = parseWith(duesFilterSchema, Object.fromEntries(url.searchParams));
    return json(await listDues(filter));
  },

  'GET /api/v1/admin/dues.csv': async ({ request, url }) => {
    await requireAdmin(request);
    const filter = parseWith(duesFilterSchema, Object.fromEntries(url.searchParams));
    const { filename, body } = duesCsv(filter);
    return csvDownload(filename, body);
  },
});

export const config: Config = {
  path: ['/api/v1/admin/plans', '/api/v1/admin/plans/:id', '/api/v1/admin/dues', '/api/v1/admin/dues.csv'],
};
