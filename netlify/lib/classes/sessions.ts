/**
 * A batch's sessions as the other files read them, and who may act on them: the batch's learners
 * (a taken seat) and, for the staff, owners and the batch's faculty (cohorts decides).
 */
import type { SessionKind } from '../../../src/shared/classes.ts';
import type { Session } from '../auth/index.ts';
import { requireBatchAccess } from '../cohorts/index.ts';
import { db, HttpError, type Db } from '../platform/index.ts';

export const NO_SUCH_SESSION = 'No such session';
export const SESSION_CANCELLED = 'This session was cancelled';
export const NOT_IN_BATCH = 'You are not enrolled in the batch of this class';

export type SessionRow = {
  id: string;
  batch_id: string;
  batch_name: string;
  kind: SessionKind;
  title: string;
  starts_at: Date;
  duration_minutes: number;
  faculty_id: string | null;
  venue: string | null;
  meeting_id: string | null;
  host_url: string | null;
  cancelled_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export async function findSession(tx: Db, sessionId: string): Promise<SessionRow | null> {
  const [row] = await tx<SessionRow[]>`
    select s.id::text as id, s.batch_id, b.name as batch_name, s.kind, s.title, s.starts_at, s.duration_minutes, s.faculty_id,
           s.venue, s.meeting_id, s.host_url, s.cancelled_at, s.created_at, s.updated_at
    from class_sessions s join batches b on b.id = s.batch_id where s.id = ${sessionId}`;
  return row ?? null;
}

/** When a session ends (a deadline ends when it starts). */
export const endsAt = (s: Pick<SessionRow, 'starts_at' | 'duration_minutes'>) =>
  new Date(new Date(s.starts_at).getTime() + s.duration_minutes * 60_000);

/** The session, for an owner or the batch's faculty (403 for others, 404 for an unknown id). */
export async function requireSessionAccess(session: Session, sessionId: string): Promise<SessionRow> {
  const row = await findSession(db(), sessionId);
  if (!row) throw new HttpError(404, NO_SUCH_SESSION);
  await requireBatchAccess(session, row.batch_id);
  return row;
}

/** Whether the learner holds a seat in the batch (a taken seat: paid, registered or placed by an owner). */
export async function isBatchLearner(tx: Db, batchId: string, accountId: string): Promise<boolean> {
  const [row] = await tx<{ seated: boolean }[]>`
    select exists (select 1 from batch_seats where batch_id = ${batchId} and account_id = ${accountId} and status = 'taken') as seated`;
  return row!.seated;
}

export type BatchLearner = { account_id: string; email: string; first_name: string; last_name: string };

/** The learners of a batch who can still be written to (not erased). */
export async function batchLearners(tx: Db, batchId: string): Promise<BatchLearner[]> {
  return tx<BatchLearner[]>`
    select a.id as account_id, a.email, a.first_name, a.last_name
    from batch_seats seat join accounts a on a.id = seat.account_id
    where seat.batch_id = ${batchId} and seat.status = 'taken' and a.erased_at is null
    order by a.first_name, a.last_name, a.id`;
}
