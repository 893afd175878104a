import type { Config } from '@netlify/functions';
import { courseIdSchema } from '../../src/shared/catalogue.ts';
import { batchCreateSchema, batchEnrolSchema, batchFacultySchema, batchIdSchema, batchPatchSchema } from '../../src/shared/cohorts.ts';
import { requireAdmin, requireOwner, requireUser } from '../lib/auth/index.ts';
import {
  answeringFull,
  batchDetail,
  batchRoster,
  chooseProgrammeBatch,
  courseBatches,
  createBatch,
  enrolLearner,
  joinWaitlist,
  listBatches,
  requireBatchAccess,
  setBatchFaculty,
  unplacedEnrolments,
  updateBatch,
} from '../lib/cohorts/index.ts';
import { json, parseWith, readJson, routes } from '../lib/platform/index.ts';

/** Owners and the batch's faculty read a batch; only owners change one. */
const OWNER_OR_FACULTY = { adminRole: ['owner', 'faculty'] } as const;

/** Batches: the checkout's choice, the waiting list, a programme learner's seat, the owner's batch admin. */
export default routes({
  'GET /api/v1/course/:courseId/batches': async ({ params }) => {
    const courseId = parseWith(courseIdSchema, params.courseId);
    return json({ batches: await courseBatches(courseId) });
  },

  'POST /api/v1/batches/:id/waitlist': async ({ request, params }) => {
    const session = await requireUser(request, { verified: true });
    const { created, answer } = await joinWaitlist(session.accountId, parseWith(batchIdSchema, params.id));
    return json(answer, { status: created ? 201 : 200 });
  },

  'POST /api/v1/learn/batches/:id/seat': async ({ request, params }) => {
    const session = await requireUser(request, { verified: true });
    const batchId = parseWith(batchIdSchema, params.id);
    return answeringFull(async () => {
      await chooseProgrammeBatch(session, batchId);
      return json({ batchId, status: 'taken' }, { status: 201 });
    });
  },

  'GET /api/v1/admin/batches': async ({ request }) => {
    const session = await requireAdmin(request, OWNER_OR_FACULTY);
    return json({ batches: await listBatches(session) });
  },

  'POST /api/v1/admin/batches': async ({ request }) => {
    const session = await requireOwner(request);
    const input = await readJson(request, batchCreateSchema);
    return json(await createBatch(session, input), { status: 201 });
  },

  'GET /api/v1/admin/batches/:id': async ({ request, params }) => {
    const session = await requireAdmin(request, OWNER_OR_FACULTY);
    const batchId = parseWith(batchIdSchema, params.id);
    await requireBatchAccess(session, batchId);
    return json({ batch: await batchDetail(batchId) });
  },

  'PATCH /api/v1/admin/batches/:id': async ({ request, params }) => {
    const session = await requireOwner(request);
    const batchId = parseWith(batchIdSchema, params.id);
    const patch = await readJson(request, batchPatchSchema);
    return json({ batch: await updateBatch(session, batchId, patch) });
  },

  'PUT /api/v1/admin/batches/:id/faculty': async ({ request, params }) => {
    const session = await requireOwner(request);
    const batchId = parseWith(batchIdSchema, params.id);
    const { accountIds } = await readJson(request, batchFacultySchema);
    return json({ batch: await setBatchFaculty(session, batchId, accountIds) });
  },

  'GET /api/v1/admin/batches/:id/roster': async ({ request, params }) => {
    const session = await requireAdmin(request, OWNER_OR_FACULTY);
    const batchId = parseWith(batchIdSchema, params.id);
    await requireBatchAccess(session, batchId);
    return json({ learners: await batchRoster(batchId) });
  },

  'POST /api/v1/admin/batches/:id/enrol': async ({ request, params }) => {
    const session = await requireOwner(request);
    const batchId = parseWith(batchIdSchema, params.id);
    const { email } = await readJson(request, batchEnrolSchema);
    return answeringFull(async () => json(await enrolLearner(session, batchId, email), { status: 201 }));
  },

  'GET /api/v1/admin/unplaced': async ({ request }) => {
    await requireOwner(request);
    return json({ unplaced: await unplacedEnrolments() });
  },
});

export const config: Config = {
  path: [
    '/api/v1/course/:courseId/batches',
    '/api/v1/batches/:id/waitlist',
    '/api/v1/learn/batches/:id/seat',
    '/api/v1/admin/batches',
    '/api/v1/admin/batches/:id',
    '/api/v1/admin/batches/:id/faculty',
    '/api/v1/admin/batches/:id/roster',
    '/api/v1/admin/batches/:id/enrol',
    '/api/v1/admin/unplaced',
  ],
};
