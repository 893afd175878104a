import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { codeFormSchema, codesQuerySchema } from '../../src/shared/codes.ts';
import { requireOwner } from '../lib/auth/index.ts';
import { applicant, createCode, listCodes, setCodeActive, usesOf } from '../lib/codes/index.ts';
import { json, parseWith, readJson, routes } from '../lib/platform/index.ts';

const idSchema = z.string().regex(/^[0-9]{1,18}$/, 'No such code');
const activeSchema = z.object({ active: z.boolean({ error: 'active must be true or false' }) }).strict();

export default routes({
  'GET /api/v1/admin/codes': async ({ request, url }) => {
    await requireOwner(request);
    return json(await listCodes(parseWith(codesQuerySchema, Object.fromEntries(url.searchParams))));
  },
  'POST /api/v1/admin/codes': async ({ request }) => {
    const session = await requireOwner(request);
    const form = await readJson(request, codeFormSchema);
    return json({ code: await createCode(session, form) }, { status: 201 });
  },
  'PATCH /api/v1/admin/codes/:id': async ({ request, params }) => {
    const session = await requireOwner(request);
    const id = parseWith(idSchema, params.id);
    const { active } = await readJson(request, activeSchema);
    return json({ code: await setCodeActive(session, id, active) });
  },
  'GET /api/v1/admin/codes/:id/uses': async ({ request, params }) => {
    await requireOwner(request);
    return json({ uses: await usesOf(parseWith(idSchema, params.id)) });
  },
  'GET /api/v1/admin/codes/applicant/:id': async ({ request, params }) => {
    await requireOwner(request);
    return json({ applicant: await applicant(parseWith(z.string().regex(/^[0-9]{1,18}$/, 'No such scholarship application'), params.id)) });
  },
});

export const config: Config = {
  path: ['/api/v1/admin/codes', '/api/v1/admin/codes/:id', '/api/v1/admin/codes/:id/uses', '/api/v1/admin/codes/applicant/:id'],
};
