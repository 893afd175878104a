import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { PROGRAMMES } from '../../src/shared/leads.ts';
import { assignmentRuleSchema, teamQuerySchema, teamUpdateSchema } from '../../src/shared/pipeline.ts';
import { requireAdmin, requireOwner } from '../lib/auth/index.ts';
import { json, parseWith, readJson, routes } from '../lib/platform/index.ts';
import { adminOptions, deleteRule, listRules, listTeam, setRule, updateAdmin } from '../lib/accounts/index.ts';

const accountIdSchema = z.string().regex(/^[0-9a-z]{1,40}$/, 'Not an admin id');
const programmeSchema = z.enum(PROGRAMMES, { error: 'No such programme' });

/** The admin team: who am I (any admin); the team and the programme rules (owners only). */
export default routes({
  'GET /api/v1/admin/me': async ({ request }) => {
    // Faculty too: the admin screens ask for the role to show a faculty member only Batches.
    const admin = await requireAdmin(request, { adminRole: ['owner', 'counsellor', 'faculty'] });
    return json({ id: admin.accountId, email: admin.email, firstName: admin.firstName, adminRole: admin.adminRole });
  },

  'GET /api/v1/admin/team': async ({ request, url }) => {
    await requireOwner(request);
    const query = parseWith(teamQuerySchema, Object.fromEntries(url.searchParams));
    const [page, rules, admins] = await Promise.all([listTeam(query), listRules(), adminOptions()]);
    return json({ ...page, rules, admins });
  },

  'PATCH /api/v1/admin/team/:id': async ({ request, params }) => {
    const owner = await requireOwner(request);
    const id = parseWith(accountIdSchema, params.id);
    const member = await updateAdmin(owner, id, await readJson(request, teamUpdateSchema));
    return json({ member });
  },

  'PUT /api/v1/admin/team/rules': async ({ request }) => {
    const owner = await requireOwner(request);
    const rule = await readJson(request, assignmentRuleSchema);
    await setRule(owner, rule.programme, rule.accountId);
    return json({ rules: await listRules() });
  },

  'DELETE /api/v1/admin/team/rules/:programme': async ({ request, params }) => {
    const owner = await requireOwner(request);
    const programme = parseWith(programmeSchema, decodeURIComponent(params.programme ?? ''));
    await deleteRule(owner, programme);
    return json({ rules: await listRules() });
  },
});

export const config: Config = {
  path: ['/api/v1/admin/me', '/api/v1/admin/team', '/api/v1/admin/team/:id', '/api/v1/admin/team/rules/:programme'],
};
