import type { Config } from '@netlify/functions';
import {
  attendanceCorrectionSchema,
  checkinSchema,
  sessionCreateSchema,
  sessionIdSchema,
  sessionPatchSchema,
} from '../../src/shared/classes.ts';
import { batchIdSchema } from '../../src/shared/cohorts.ts';
import { requireAdmin, requireUser } from '../lib/auth/index.ts';
import {
  attendanceSheet,
  cancelSession,
  checkIn,
  correctAttendance,
  correctionBatch,
  createSession,
  issueCheckinToken,
  joinLink,
  learnerClasses,
  listSessions,
  requireSessionAccess,
  resetCalendarFeed,
  updateSession,
} from '../lib/classes/index.ts';
import { requireBatchAccess } from '../lib/cohorts/index.ts';
import { json, parseWith, readJson, routes } from '../lib/platform/index.ts';

/** Owners and the batch's faculty run its timetable and attendance; counsellors do not. */
const STAFF = { adminRole: ['owner', 'faculty'] } as const;

/** Classes: the learner's /learn, Join and check-in; the staff's timetable, QR code and attendance sheet. */
export default routes({
  'GET /api/v1/learn': async ({ request }) => {
    const session = await requireUser(request);
    return json(await learnerClasses(session));
  },

  'GET /api/v1/learn/sessions/:id/join': async ({ request, params }) => {
    const session = await requireUser(request);
    return json(await joinLink(session, parseWith(sessionIdSchema, params.id)));
  },

  'POST /api/v1/learn/calendar/reset': async ({ request }) => {
    const session = await requireUser(request);
    return json(await resetCalendarFeed(session.accountId));
  },

  'POST /api/v1/checkin': async ({ request }) => {
    const session = await requireUser(request);
    const { token } = await readJson(request, checkinSchema);
    return json(await checkIn(session, token));
  },

  'GET /api/v1/admin/batches/:id/sessions': async ({ request, params }) => {
    const session = await requireAdmin(request, STAFF);
    const batchId = parseWith(batchIdSchema, params.id);
    await requireBatchAccess(session, batchId);
    return json({ sessions: await listSessions(batchId) });
  },

  'POST /api/v1/admin/batches/:id/sessions': async ({ request, params }) => {
    const session = await requireAdmin(request, STAFF);
    const batchId = parseWith(batchIdSchema, params.id);
    await requireBatchAccess(session, batchId);
    const input = await readJson(request, sessionCreateSchema);
    return json(await createSession(session, batchId, input), { status: 201 });
  },

  'PATCH /api/v1/admin/sessions/:sid': async ({ request, params }) => {
    const session = await requireAdmin(request, STAFF);
    const row = await requireSessionAccess(session, parseWith(sessionIdSchema, params.sid));
    const input = await readJson(request, sessionPatchSchema);
    return json({ session: await updateSession(session, row, input) });
  },

  'DELETE /api/v1/admin/sessions/:sid': async ({ request, params }) => {
    const session = await requireAdmin(request, STAFF);
    const row = await requireSessionAccess(session, parseWith(sessionIdSchema, params.sid));
    await cancelSession(session, row);
    return json({ message: 'Session cancelled' });
  },

  'GET /api/v1/admin/sessions/:sid/qr': async ({ request, params }) => {
    const session = await requireAdmin(request, STAFF);
    const row = await requireSessionAccess(session, parseWith(sessionIdSchema, params.sid));
    return json(issueCheckinToken(row), { headers: { 'cache-control': 'no-store' } });
  },

  'GET /api/v1/admin/batches/:id/attendance': async ({ request, params }) => {
    const session = await requireAdmin(request, STAFF);
    const batchId = parseWith(batchIdSchema, params.id);
    await requireBatchAccess(session, batchId);
    return json(await attendanceSheet(batchId));
  },

  'POST /api/v1/admin/attendance': async ({ request }) => {
    const session = await requireAdmin(request, STAFF);
    const input = await readJson(request, attendanceCorrectionSchema);
    await requireBatchAccess(session, await correctionBatch(input.sessionId));
    return json({ entry: await correctAttendance(session, input) });
  },
});

export const config: Config = {
  path: [
    '/api/v1/learn',
    '/api/v1/learn/sessions/:id/join',
    '/api/v1/learn/calendar/reset',
    '/api/v1/checkin',
    '/api/v1/admin/batches/:id/sessions',
    '/api/v1/admin/sessions/:sid',
    '/api/v1/admin/sessions/:sid/qr',
    '/api/v1/admin/batches/:id/attendance',
    '/api/v1/admin/attendance',
  ],
};
