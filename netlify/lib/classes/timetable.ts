/**
 * The timetable (owners and the batch's faculty): sessions made, edited and cancelled. A live
 * class gets its meeting from the meeting host after the row is stored (never inside a
 * transaction); if the host fails, the first Join makes it. An edit or a cancellation of a session
 * still to come emails the whole batch in the transaction that makes it.
 */
import type { AdminSession, SessionCreate, SessionPatch } from '../../../src/shared/classes.ts';
import type { Session } from '../auth/index.ts';
import { assertBatchTakesSessions } from '../cohorts/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { meetingHost } from '../meetings/index.ts';
import { db, HttpError, log, recordAdminAction, type Db } from '../platform/index.ts';
import { sessionCancelledEmail, sessionChangedEmail, type SessionFacts } from './emails.ts';
import { batchLearners, endsAt, findSession, SESSION_CANCELLED, type SessionRow } from './sessions.ts';

export const NOT_BATCH_FACULTY = "Choose one of the batch's faculty";

type ListRow = SessionRow & { faculty_name: string | null };

const toAdminSession = (r: ListRow): AdminSession => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  startsAt: new Date(r.starts_at).toISOString(),
  durationMinutes: r.duration_minutes,
  venue: r.venue,
  facultyId: r.faculty_id,
  facultyName: r.faculty_name,
  hasMeeting: r.meeting_id !== null,
  hostUrl: r.host_url,
  cancelledAt: r.cancelled_at ? new Date(r.cancelled_at).toISOString() : null,
});

/** The batch's sessions by start time, cancelled ones included (marked). */
export async function listSessions(batchId: string): Promise<AdminSession[]> {
  const rows = await db()<ListRow[]>`
    select s.id::text as id, s.batch_id, b.name as batch_name, s.kind, s.title, s.starts_at, s.duration_minutes, s.faculty_id, s.venue,
           s.meeting_id, s.host_url, s.cancelled_at, s.created_at, s.updated_at,
           nullif(trim(f.first_name || ' ' || f.last_name), '') as faculty_name
    from class_sessions s join batches b on b.id = s.batch_id left join accounts f on f.id = s.faculty_id
    where s.batch_id = ${batchId} order by s.starts_at, s.id`;
  return rows.map(toAdminSession);
}

async function assertBatchFaculty(tx: Db, batchId: string, facultyId: string | null | undefined): Promise<void> {
  if (!facultyId) return;
  const [row] = await tx`select 1 from batch_faculty where batch_id = ${batchId} and account_id = ${facultyId}`;
  if (!row) throw new HttpError(400, [`facultyId: ${NOT_BATCH_FACULTY}`]);
}

const factsOf = (r: Pick<SessionRow, 'kind' | 'title' | 'starts_at' | 'duration_minutes' | 'venue' | 'batch_name'>): SessionFacts => ({
  kind: r.kind,
  title: r.title,
  startsAt: new Date(r.starts_at),
  durationMinutes: r.duration_minutes,
  venue: r.venue,
  batchName: r.batch_name,
});

export async function createSession(actor: Session, batchId: string, input: SessionCreate): Promise<{ id: string }> {
  // Faculty who add a session teach it unless they name a colleague.
  const facultyId = input.facultyId === undefined && actor.adminRole === 'faculty' ? actor.accountId : (input.facultyId ?? null);
  const venue = input.kind === 'live' ? null : (input.venue ?? null);
  const durationMinutes = input.kind === 'deadline' ? 0 : input.durationMinutes;
  const id = await db().begin(async (tx) => {
    await assertBatchTakesSessions(tx, batchId);
    await assertBatchFaculty(tx, batchId, facultyId);
    const [row] = await tx<{ id: string }[]>`
      insert into class_sessions (batch_id, kind, title, starts_at, duration_minutes, faculty_id, venue)
      values (${batchId}, ${input.kind}, ${input.title}, ${new Date(input.startsAt)}, ${durationMinutes}, ${facultyId}, ${venue})
      returning id::text as id`;
    await recordAdminAction(tx, {
      actor,
      action: 'class.session.create',
      subjectKind: 'batch',
      subjectId: batchId,
      details: { sessionId: row!.id, kind: input.kind, startsAt: new Date(input.startsAt).toISOString() },
    });
    return row!.id;
  });
  if (input.kind === 'live') await ensureMeeting(id);
  return { id };
}

/**
 * The live class's meeting: made once (a second caller racing this one deletes its own); null
 * when the host refused or is not configured (logged; the Join answers that instead).
 */
export async function ensureMeeting(sessionId: string): Promise<string | null> {
  const row = await findSession(db(), sessionId);
  if (!row || row.kind !== 'live' || row.cancelled_at) return null;
  if (row.meeting_id) return row.meeting_id;
  let made: { meetingId: string; hostUrl: string };
  try {
    made = await meetingHost().createMeeting({
      topic: `${row.batch_name}: ${row.title}`.slice(0, 200),
      startsAt: new Date(row.starts_at),
      durationMinutes: row.duration_minutes,
    });
  } catch (error) {
    log.error('live class meeting not made', { sessionId, error });
    return null;
  }
  const [stored] = await db()<{ meeting_id: string }[]>`
    update class_sessions set meeting_id = ${made.meetingId}, host_url = ${made.hostUrl}, updated_at = now()
    where id = ${sessionId} and meeting_id is null returning meeting_id`;
  if (stored) return stored.meeting_id;
  await meetingHost()
    .deleteMeeting(made.meetingId)
    .catch((error: unknown) => log.warn('extra meeting not deleted', { sessionId, error }));
  return (await findSession(db(), sessionId))?.meeting_id ?? null;
}

async function tellBatch(
  tx: Db,
  row: SessionRow,
  compose: (firstName: string) => { subject: string; text: string; html: string },
  tag: string,
) {
  for (const learner of await batchLearners(tx, row.batch_id)) {
    await enqueueEmail(tx, { to: learner.email, ...compose(learner.first_name), tag });
  }
}

export async function updateSession(actor: Session, before: SessionRow, input: SessionPatch, now = new Date()): Promise<AdminSession> {
  if (before.cancelled_at) throw new HttpError(409, SESSION_CANCELLED);
  const after = await db().begin(async (tx) => {
    if (input.facultyId !== undefined) await assertBatchFaculty(tx, before.batch_id, input.facultyId);
    const venue = before.kind === 'live' ? null : input.venue === undefined ? before.venue : input.venue;
    if (before.kind === 'classroom' && !venue) throw new HttpError(400, ['venue: Enter the venue of an in-class session']);
    const duration = before.kind === 'deadline' ? 0 : (input.durationMinutes ?? before.duration_minutes);
    if (before.kind !== 'deadline' && duration < 15) throw new HttpError(400, ['durationMinutes: A class lasts at least 15 minutes']);
    const [locked] = await tx<{ id: string }[]>`
      update class_sessions set title = ${input.title ?? before.title},
        starts_at = ${input.startsAt ? new Date(input.startsAt) : new Date(before.starts_at)},
        duration_minutes = ${duration}, venue = ${venue},
        faculty_id = ${input.facultyId === undefined ? before.faculty_id : input.facultyId}, updated_at = now()
      where id = ${before.id} and cancelled_at is null returning id::text as id`;
    if (!locked) throw new HttpError(409, SESSION_CANCELLED);
    const after = (await findSession(tx, before.id))!;
    const changed =
      (['title', 'duration_minutes', 'venue'] as const).some((k) => after[k] !== before[k]) ||
      new Date(after.starts_at).getTime() !== new Date(before.starts_at).getTime();
    await recordAdminAction(tx, {
      actor,
      action: 'class.session.update',
      subjectKind: 'batch',
      subjectId: before.batch_id,
      details: {
        sessionId: before.id,
        startsAt: new Date(after.starts_at).toISOString(),
        before: new Date(before.starts_at).toISOString(),
      },
    });
    // Learners hear of a change to a session still to come (by its old or new time).
    if (changed && (endsAt(before) > now || endsAt(after) > now)) {
      await tellBatch(
        tx,
        after,
        (firstName) => sessionChangedEmail({ firstName, session: factsOf(after), before: factsOf(before) }),
        'class-session-changed',
      );
    }
    return after;
  });
  if (
    after.meeting_id &&
    (after.title !== before.title ||
      after.duration_minutes !== before.duration_minutes ||
      new Date(after.starts_at).getTime() !== new Date(before.starts_at).getTime())
  ) {
    await meetingHost()
      .updateMeeting(after.meeting_id, {
        topic: `${after.batch_name}: ${after.title}`.slice(0, 200),
        startsAt: new Date(after.starts_at),
        durationMinutes: after.duration_minutes,
      })
      .catch((error: unknown) => log.error('live class meeting not updated', { sessionId: after.id, error }));
  }
  const [listed] = (await listSessions(after.batch_id)).filter((s) => s.id === after.id);
  return listed!;
}

export async function cancelSession(actor: Session, before: SessionRow, now = new Date()): Promise<void> {
  const cancelled = await db().begin(async (tx) => {
    const [row] = await tx`update class_sessions set cancelled_at = now(), updated_at = now()
                           where id = ${before.id} and cancelled_at is null returning id`;
    if (!row) return false;
    await recordAdminAction(tx, {
      actor,
      action: 'class.session.cancel',
      subjectKind: 'batch',
      subjectId: before.batch_id,
      details: { sessionId: before.id },
    });
    if (endsAt(before) > now) {
      await tellBatch(tx, before, (firstName) => sessionCancelledEmail({ firstName, session: factsOf(before) }), 'class-session-cancelled');
    }
    return true;
  });
  if (!cancelled) throw new HttpError(409, SESSION_CANCELLED);
  if (before.meeting_id) {
    await meetingHost()
      .deleteMeeting(before.meeting_id)
      .catch((error: unknown) => log.error('live class meeting not deleted', { sessionId: before.id, error }));
  }
}
