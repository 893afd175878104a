import type { Config } from '@netlify/functions';
import { clientIp, json, readJson, routes, type RouteHandler } from '../lib/platform/index.ts';
import { createLead, LEAD_DEFINITIONS, limitLeads, type FormLeadKind } from '../lib/leads/index.ts';

/** One route per lead form: rate limit, check with the kind's schema, store. */
const form =
  (kind: FormLeadKind): RouteHandler =>
  async ({ request, context }) => {
    const ip = clientIp(request, context);
    await limitLeads(kind, ip);
    const data = await readJson(request, LEAD_DEFINITIONS[kind].schema);
    return json(await createLead(kind, data, ip), { status: 201 });
  };

/** Lead forms: advisor callback and contact page, scholarship application, AspiraTank pitch. */
export default routes({
  'POST /api/v1/user/contactus': form('contact'),
  'POST /api/v1/user/scholarship': form('scholarship'),
  'POST /api/v1/user/tank': form('pitch'),
});

export const config: Config = {
  path: ['/api/v1/user/contactus', '/api/v1/user/scholarship', '/api/v1/user/tank'],
};
