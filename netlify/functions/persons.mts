import type { Config } from '@netlify/functions';
import { mergeSchema, personIdSchema, personLookupSchema, personSearchSchema } from '../../src/shared/persons.ts';
import { requireAdmin } from '../lib/auth/index.ts';
import { json, parseWith, readJson, routes } from '../lib/platform/index.ts';
import { bounceCorrectionSchema } from '../../src/shared/operations.ts';
import { correctBouncedEmail, mergePersons, personOfLead, searchPersons, undoMerge, getPerson } from '../lib/leads/index.ts';

const actor = (session: { accountId: string; email: string }) => ({ accountId: session.accountId, email: session.email });

/** The person behind the leads: search, the person page, the person of a lead, merge and undo, a bounced address's right one. */
export default routes({
  'GET /api/v1/admin/persons': async ({ request, url }) => {
    await requireAdmin(request);
    const { q } = parseWith(personSearchSchema, Object.fromEntries(url.searchParams));
    return json({ persons: await searchPersons(q) });
  },

  'GET /api/v1/admin/persons/lookup': async ({ request, url }) => {
    await requireAdmin(request);
    const { kind, id } = parseWith(personLookupSchema, Object.fromEntries(url.searchParams));
    return json(await personOfLead(kind, id));
  },

  'GET /api/v1/admin/persons/:id': async ({ request, params }) => {
    await requireAdmin(request);
    return json({ person: await getPerson(parseWith(personIdSchema, params.id)) });
  },

  'POST /api/v1/admin/persons/:id/merge': async ({ request, params }) => {
    const session = await requireAdmin(request);
    const id = parseWith(personIdSchema, params.id);
    const input = await readJson(request, mergeSchema);
    return json({ message: 'Merged', person: await mergePersons(actor(session), id, input.otherId, input.reason) });
  },

  /** The right address for one that bounced (the counsellor asked the person). */
  'POST /api/v1/admin/persons/:id/bounces': async ({ request, params }) => {
    const session = await requireAdmin(request);
    const id = parseWith(personIdSchema, params.id);
    const input = await readJson(request, bounceCorrectionSchema);
    return json(await correctBouncedEmail(session, id, input));
  },

  'POST /api/v1/admin/persons/:id/merges/:mergeId/undo': async ({ request, params }) => {
    const session = await requireAdmin(request);
    const id = parseWith(personIdSchema, params.id);
    const mergeId = parseWith(personIdSchema, params.mergeId);
    return json({ message: 'Merge undone', person: await undoMerge(actor(session), id, mergeId) });
  },
});

export const config: Config = {
  path: [
    '/api/v1/admin/persons',
    '/api/v1/admin/persons/lookup',
    '/api/v1/admin/persons/:id',
    '/api/v1/admin/persons/:id/merge',
    '/api/v1/admin/persons/:id/bounces',
    '/api/v1/admin/persons/:id/merges/:mergeId/undo',
  ],
};
