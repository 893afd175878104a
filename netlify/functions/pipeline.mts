import type { Config } from '@netlify/functions';
import {
  followUpBodySchema,
  leadRefSchema,
  noteSchema,
  ownerBodySchema,
  stageChangeSchema,
  type LeadRef,
} from '../../src/shared/pipeline.ts';
import { requireAdmin } from '../lib/auth/index.ts';
import { json, parseWith, readJson, routes } from '../lib/platform/index.ts';
import { addNote, changeStage, setFollowUp, setOwner, leadDetail, workQueue } from '../lib/leads/index.ts';

const lead = (params: Record<string, string>): LeadRef => parseWith(leadRefSchema, { kind: params.kind, id: params.id });

/** The admissions pipeline: any admin (owners and counsellors) works leads; every change is audited. */
export default routes({
  'GET /api/v1/admin/queue': async ({ request }) => {
    const admin = await requireAdmin(request);
    return json({ leads: await workQueue(admin.accountId) });
  },

  'GET /api/v1/admin/pipeline/:kind/:id': async ({ request, params }) => {
    await requireAdmin(request);
    return json(await leadDetail(lead(params)));
  },

  'POST /api/v1/admin/pipeline/:kind/:id/stage': async ({ request, params }) => {
    const admin = await requireAdmin(request);
    const ref = lead(params);
    await changeStage(admin, ref, await readJson(request, stageChangeSchema));
    return json(await leadDetail(ref));
  },

  'POST /api/v1/admin/pipeline/:kind/:id/notes': async ({ request, params }) => {
    const admin = await requireAdmin(request);
    const ref = lead(params);
    await addNote(admin, ref, (await readJson(request, noteSchema)).body);
    return json(await leadDetail(ref), { status: 201 });
  },

  'PUT /api/v1/admin/pipeline/:kind/:id/follow-up': async ({ request, params }) => {
    const admin = await requireAdmin(request);
    const ref = lead(params);
    await setFollowUp(admin, ref, (await readJson(request, followUpBodySchema)).nextFollowUpAt);
    return json(await leadDetail(ref));
  },

  'PUT /api/v1/admin/pipeline/:kind/:id/owner': async ({ request, params }) => {
    const admin = await requireAdmin(request);
    const ref = lead(params);
    await setOwner(admin, ref, (await readJson(request, ownerBodySchema)).ownerId);
    return json(await leadDetail(ref));
  },
});

export const config: Config = {
  path: [
    '/api/v1/admin/queue',
    '/api/v1/admin/pipeline/:kind/:id',
    '/api/v1/admin/pipeline/:kind/:id/stage',
    '/api/v1/admin/pipeline/:kind/:id/notes',
    '/api/v1/admin/pipeline/:kind/:id/follow-up',
    '/api/v1/admin/pipeline/:kind/:id/owner',
  ],
};
