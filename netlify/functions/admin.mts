import type { Config } from '@netlify/functions';
import { adminSignupFormSchema, loginSchema } from '../../src/shared/account.ts';
import { leadsQuerySchema } from '../../src/shared/pipeline.ts';
import { loginAdmin, logoutAdmin, signupAdmin } from '../lib/accounts/index.ts';
import { requireAdmin } from '../lib/auth/index.ts';
import { assertNotCrossSite, clientIp, csvDownload, json, parseWith, readJson, routes } from '../lib/platform/index.ts';
import { leadsCsv, listLeads } from '../lib/leads/index.ts';

export default routes({
  'POST /api/v1/admin/signup': async ({ request, context }) => {
    const input = await readJson(request, adminSignupFormSchema);
    const { message } = await signupAdmin(input, clientIp(request, context));
    return json({ message }, { status: 201 });
  },

  'POST /api/v1/admin/login': async ({ request, context }) => {
    const input = await readJson(request, loginSchema);
    const { admin, token, cookie } = await loginAdmin(input.email, input.password, clientIp(request, context));
    return json({ message: 'Logged in successfully', token, admin }, { headers: { 'set-cookie': cookie } });
  },

  'GET /api/v1/admin/logout': async ({ request }) => {
    // A GET (as in the original API; docs/architecture.md, API conventions), so a link on another site must not be able to log an admin out.
    assertNotCrossSite(request);
    const admin = await requireAdmin(request, { adminRole: ['owner', 'counsellor', 'faculty'] });
    const cookie = await logoutAdmin(admin.accountId);
    return json({ message: 'Logged out successfully' }, { headers: { 'set-cookie': cookie } });
  },

  'GET /api/v1/admin/leads': async ({ request, url }) => {
    const admin = await requireAdmin(request);
    const query = parseWith(leadsQuerySchema, Object.fromEntries(url.searchParams));
    if (query.format === 'csv') {
      const { filename, body } = await leadsCsv(query, admin);
      return csvDownload(filename, body);
    }
    return json(await listLeads(query, admin.accountId));
  },
});

export const config: Config = {
  path: ['/api/v1/admin/signup', '/api/v1/admin/login', '/api/v1/admin/logout', '/api/v1/admin/leads'],
};
