/**
 * The attendance ledger as people read it: a learner's percent per batch (the view
 * learner_attendance: sessions attended among the batch's live and in-class sessions that have
 * started), the batch's sheet for its faculty, and corrections (a reason, the audit log).
 */
import type {
  AttendanceCell,
  AttendanceCorrection,
  AttendanceSheet,
  AttendanceSource,
  AttendanceSummary,
} from '../../../src/shared/classes.ts';
import type { Session } from '../auth/index.ts';
import { db, HttpError, recordAdminAction, type Db } from '../platform/index.ts';
import { findSession, isBatchLearner, NO_SUCH_SESSION, SESSION_CANCELLED } from './sessions.ts';

export const NOT_STARTED = 'This session has not started yet: attendance is taken once it starts';
export const NO_ATTENDANCE_FOR_DEADLINE = 'A deadline has no attendance';
export const NOT_A_LEARNER_OF_BATCH = 'This learner is not in the batch of this session';

type SummaryRow = {
  batch_id: string;
  batch_name: string;
  attended: number;
  held: number;
  threshold: number;
  percent: number | null;
  below_threshold: boolean;
};

/** One learner's attendance in each batch they have a seat in, by batch id (the person page reads the view itself). */
export async function attendanceOf(
  tx: Db,
  accountIds: string[],
): Promise<Map<string, AttendanceSummary & { batchName: string; belowThreshold: boolean }>> {
  if (accountIds.length === 0) return new Map();
  const rows = await tx<SummaryRow[]>`
    select batch_id, batch_name, attended, held, threshold, percent, below_threshold from learner_attendance
    where account_id in ${tx(accountIds)} order by batch_name`;
  return new Map(
    rows.map((r) => [
      r.batch_id,
      {
        percent: r.percent,
        attended: r.attended,
        held: r.held,
        threshold: r.threshold,
        batchName: r.batch_name,
        belowThreshold: r.below_threshold,
      },
    ]),
  );
}

/** The batch's sheet: sessions that have started (live and in class), its learners and their entries. */
export async function attendanceSheet(batchId: string): Promise<AttendanceSheet> {
  const sql = db();
  const [batch] = await sql<{ threshold: number }[]>`select attendance_threshold as threshold from batches where id = ${batchId}`;
  if (!batch) throw new HttpError(404, 'Batch not found');
  const [sessions, learners, entries] = await Promise.all([
    sql<{ id: string; title: string; starts_at: Date }[]>`
      select id::text as id, title, starts_at from class_sessions
      where batch_id = ${batchId} and kind in ('live', 'classroom') and cancelled_at is null and starts_at <= now()
      order by starts_at, id`,
    sql<{ account_id: string; name: string; percent: number | null }[]>`
      select l.account_id, trim(a.first_name || ' ' || a.last_name) as name, l.percent
      from learner_attendance l join accounts a on a.id = l.account_id
      where l.batch_id = ${batchId} order by a.first_name, a.last_name, a.id`,
    sql<{ session_id: string; account_id: string; present: boolean; minutes: number | null; source: AttendanceSource }[]>`
      select session_id::text as session_id, account_id, present, minutes, source from attendance_current where batch_id = ${batchId}`,
  ]);
  const cells = new Map<string, Record<string, AttendanceCell>>();
  for (const e of entries) {
    const row = cells.get(e.account_id) ?? {};
    row[e.session_id] = { present: e.present, minutes: e.minutes, source: e.source };
    cells.set(e.account_id, row);
  }
  return {
    sessions: sessions.map((s) => ({ id: s.id, title: s.title, startsAt: new Date(s.starts_at).toISOString() })),
    learners: learners.map((l) => ({ accountId: l.account_id, name: l.name, percent: l.percent, entries: cells.get(l.account_id) ?? {} })),
    threshold: batch.threshold,
  };
}

/** The batch of the session a correction names (for the access check before anything else). */
export async function correctionBatch(sessionId: string): Promise<string> {
  const session = await findSession(db(), sessionId);
  if (!session) throw new HttpError(404, NO_SUCH_SESSION);
  return session.batch_id;
}

/** A correction by an owner or the batch's faculty: it decides the entry from now on, and the audit log keeps who, why and what. */
export async function correctAttendance(actor: Session, input: AttendanceCorrection, now = new Date()): Promise<AttendanceCell> {
  return db().begin(async (tx) => {
    const session = await findSession(tx, input.sessionId);
    if (!session) throw new HttpError(404, NO_SUCH_SESSION);
    if (session.cancelled_at) throw new HttpError(409, SESSION_CANCELLED);
    if (session.kind === 'deadline') throw new HttpError(409, NO_ATTENDANCE_FOR_DEADLINE);
    if (new Date(session.starts_at) > now) throw new HttpError(409, NOT_STARTED);
    if (!(await isBatchLearner(tx, session.batch_id, input.accountId))) throw new HttpError(404, NOT_A_LEARNER_OF_BATCH);
    const [before] = await tx<{ present: boolean; minutes: number | null; source: AttendanceSource }[]>`
      select present, minutes, source from attendance_current where session_id = ${session.id} and account_id = ${input.accountId}`;
    await tx`insert into attendance_entries (session_id, account_id, source, minutes, present, reason, recorded_by)
             values (${session.id}, ${input.accountId}, 'correction', ${input.minutes ?? null}, ${input.present}, ${input.reason}, ${actor.accountId})`;
    await recordAdminAction(tx, {
      actor,
      action: 'attendance.correction',
      subjectKind: 'attendance',
      subjectId: `${session.id}:${input.accountId}`,
      details: {
        batchId: session.batch_id,
        sessionId: session.id,
        accountId: input.accountId,
        from: before ? { present: before.present, minutes: before.minutes, source: before.source } : null,
        to: { present: input.present, minutes: input.minutes ?? null },
        reason: input.reason,
      },
    });
    return { present: input.present, minutes: input.minutes ?? null, source: 'correction' as const };
  });
}
