/**
 * A batch's status follows its India calendar days (the scheduled class run, every 15 minutes):
 * open -> running on its start day, open or running -> finished the day after its end day. Owners
 * may still move it earlier by hand (batches.ts); a move is never undone here. Each move is in the
 * audit log with the schedule as its actor.
 */
import type { BatchStatus } from '../../../src/shared/cohorts.ts';
import { db, HttpError, recordAdminAction, type AuditActor, type Db } from '../platform/index.ts';

export const BATCH_FINISHED_SESSIONS = 'This batch has finished: it takes no new sessions';

// No admin acted: the log keeps no account (actor_id null) and names the schedule.
const SCHEDULE = { accountId: null, email: 'schedule' } as unknown as AuditActor;

export type StatusMove = { batchId: string; from: BatchStatus; to: BatchStatus };

export async function advanceBatchStatuses({ now = new Date() }: { now?: Date } = {}): Promise<StatusMove[]> {
  return db().begin(async (tx) => {
    const due = await tx<{ id: string; from: BatchStatus; to: BatchStatus }[]>`
      with today as (select (${now}::timestamptz at time zone 'Asia/Kolkata')::date as day)
      select b.id, b.status as "from", case when b.ends_on < today.day then 'finished' else 'running' end as "to"
      from batches b, today
      where (b.status in ('open', 'running') and b.ends_on < today.day) or (b.status = 'open' and b.starts_on <= today.day)
      order by b.id
      for update of b`;
    for (const move of due) {
      await tx`update batches set status = ${move.to}, updated_at = now() where id = ${move.id}`;
      await recordAdminAction(tx, {
        actor: SCHEDULE,
        action: 'batch.status',
        subjectKind: 'batch',
        subjectId: move.id,
        details: { from: move.from, to: move.to, by: 'schedule' },
      });
    }
    return due.map((m) => ({ batchId: m.id, from: m.from, to: m.to }));
  });
}

/** Sessions are added only to a batch that has not finished. */
export async function assertBatchTakesSessions(tx: Db, batchId: string): Promise<void> {
  const [batch] = await tx<{ status: BatchStatus }[]>`select status from batches where id = ${batchId}`;
  if (!batch) throw new HttpError(404, 'Batch not found');
  if (batch.status === 'finished') throw new HttpError(409, BATCH_FINISHED_SESSIONS);
}
