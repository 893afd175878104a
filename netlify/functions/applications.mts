import type { Config } from '@netlify/functions';
import { listApplications } from '../lib/registrations/index.ts';
import { requireUser } from '../lib/auth/index.ts';
import { json, routes } from '../lib/platform/index.ts';

export default routes({
  'GET /api/v1/user/applications': async ({ request }) => json(await listApplications(await requireUser(request))),
});

export const config: Config = { path: ['/api/v1/user/applications'] };
