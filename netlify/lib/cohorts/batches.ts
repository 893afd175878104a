/**
 * Batches: the checkout's list of a course's open batches, and the owner's batch admin (create,
 * change, faculty). Faculty read only the batches they teach (access.ts).
 */
import {
  BATCH_STATUSES,
  type AdminBatch,
  type AdminBatchDetail,
  type BatchCreateInput,
  type BatchPatchInput,
  type BatchPhase,
  type BatchStatus,
  type PhaseInput,
  type PublicBatch,
} from '../../../src/shared/cohorts.ts';
import type { Session } from '../auth/index.ts';
import { db, HttpError, recordAdminAction, type Tx } from '../platform/index.ts';
import { offerSeatsOf } from './offers.ts';
import { liveOffer, liveSeat, liveSeats, lockBatch } from './seats.ts';

type BatchRow = {
  id: string;
  name: string;
  course_id: string | null;
  course_title: string | null;
  programme: string | null;
  starts_on: string;
  ends_on: string;
  status: BatchStatus;
  capacity: number;
  attendance_threshold: number;
  seats_taken: number;
  offered: number;
  waiting: number;
  phases: BatchPhase[];
  faculty: { id: string; name: string }[];
};

// Dates as 'YYYY-MM-DD' text: a batch's days are calendar days, never shifted by a time zone.
const SELECT = (sql: Tx | ReturnType<typeof db>) => sql`
  select b.id, b.name, b.course_id, c.title as course_title, b.programme, b.starts_on::text, b.ends_on::text, b.status,
         b.capacity, b.attendance_threshold,
         (select count(*)::int from batch_seats s where s.batch_id = b.id and ${sql.unsafe(liveSeat('s.'))}) as seats_taken,
         (select count(*)::int from batch_seats s where s.batch_id = b.id and ${sql.unsafe(liveOffer('s.'))}) as offered,
         (select count(*)::int from batch_seats s where s.batch_id = b.id and s.status = 'waiting') as waiting,
         coalesce((select jsonb_agg(jsonb_build_object('kind', p.kind, 'startsOn', p.starts_on::text, 'endsOn', p.ends_on::text, 'venue', p.venue)
                   order by p.starts_on, p.id) from batch_phases p where p.batch_id = b.id), '[]'::jsonb) as phases,
         coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'name', trim(a.first_name || ' ' || a.last_name)) order by a.first_name, a.id)
                   from batch_faculty f join accounts a on a.id = f.account_id where f.batch_id = b.id), '[]'::jsonb) as faculty
  from batches b left join courses c on c.id = b.course_id`;

const toAdmin = (r: BatchRow): AdminBatch => ({
  id: r.id,
  name: r.name,
  courseId: r.course_id,
  courseTitle: r.course_title,
  programme: r.programme,
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  status: r.status,
  capacity: r.capacity,
  seatsTaken: r.seats_taken,
  waiting: r.waiting,
  faculty: r.faculty,
});

/** A batch as buyers see it: seats offered to the waiting list count as taken. */
const publicBatch = (r: BatchRow): PublicBatch => ({
  id: r.id,
  name: r.name,
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  phases: r.phases,
  seatsLeft: Math.max(0, r.capacity - r.seats_taken - r.offered),
  status: r.status,
});

/** GET /api/v1/course/:courseId/batches: open batches, earliest first, with the seats left. */
export async function courseBatches(courseId: string): Promise<PublicBatch[]> {
  const sql = db();
  const rows = await sql<BatchRow[]>`${SELECT(sql)} where b.course_id = ${courseId} and b.status = 'open' order by b.starts_on, b.id`;
  return rows.map(publicBatch);
}

/** Open batches of a programme (a programme learner chooses one on /learn). */
export async function programmeBatches(programme: string): Promise<PublicBatch[]> {
  const sql = db();
  const rows = await sql<BatchRow[]>`${SELECT(sql)} where b.programme = ${programme} and b.status = 'open' order by b.starts_on, b.id`;
  return rows.map(publicBatch);
}

/** GET /api/v1/admin/batches: owners every batch, faculty the ones they teach; newest start first. */
export async function listBatches(session: Pick<Session, 'accountId' | 'adminRole'>): Promise<AdminBatch[]> {
  const sql = db();
  const rows =
    session.adminRole === 'owner'
      ? await sql<BatchRow[]>`${SELECT(sql)} order by b.starts_on desc, b.id`
      : await sql<BatchRow[]>`${SELECT(sql)}
          where exists (select 1 from batch_faculty f where f.batch_id = b.id and f.account_id = ${session.accountId})
          order by b.starts_on desc, b.id`;
  return rows.map(toAdmin);
}

/** GET /api/v1/admin/batches/:id (access checked by the caller). */
export async function batchDetail(batchId: string): Promise<AdminBatchDetail> {
  const sql = db();
  const [row] = await sql<BatchRow[]>`${SELECT(sql)} where b.id = ${batchId}`;
  if (!row) throw new HttpError(404, 'Batch not found');
  return { ...toAdmin(row), attendanceThreshold: row.attendance_threshold, phases: row.phases };
}

async function insertPhases(tx: Tx, batchId: string, phases: PhaseInput[]): Promise<void> {
  await tx`delete from batch_phases where batch_id = ${batchId}`;
  for (const p of phases) {
    await tx`insert into batch_phases (batch_id, kind, starts_on, ends_on, venue)
             values (${batchId}, ${p.kind}, ${p.startsOn}, ${p.endsOn}, ${p.kind === 'classroom' ? p.venue! : p.venue || null})`;
  }
}

/** POST /api/v1/admin/batches (owner): 400 for an unknown or archived course. */
export async function createBatch(session: Session, input: BatchCreateInput & { phases: PhaseInput[] }): Promise<{ id: string }> {
  return db().begin(async (tx) => {
    if (input.courseId) {
      const [course] = await tx`select 1 from courses where id = ${input.courseId} and archived_at is null`;
      if (!course) throw new HttpError(400, ['courseId: No such course (it may have been archived)']);
    }
    const [row] = await tx<{ id: string }[]>`
      insert into batches (course_id, programme, name, starts_on, ends_on, capacity, attendance_threshold)
      values (${input.courseId ?? null}, ${input.programme ?? null}, ${input.name}, ${input.startsOn}, ${input.endsOn},
              ${input.capacity}, ${input.attendanceThreshold ?? 75})
      returning id`;
    await insertPhases(tx, row!.id, input.phases);
    await recordAdminAction(tx, {
      actor: session,
      action: 'batch.create',
      subjectKind: 'batch',
      subjectId: row!.id,
      details: { name: input.name },
    });
    return { id: row!.id };
  });
}

/**
 * PATCH /api/v1/admin/batches/:id (owner). The status only moves forward (open -> running ->
 * finished); the capacity never drops below the seats taken; dates keep the phases inside them.
 */
export async function updateBatch(session: Session, batchId: string, patch: BatchPatchInput): Promise<AdminBatchDetail> {
  await db().begin(async (tx) => {
    const batch = await lockBatch(tx, batchId);
    const [current] = await tx<
      { starts_on: string; ends_on: string }[]
    >`select starts_on::text, ends_on::text from batches where id = ${batchId}`;
    const startsOn = patch.startsOn ?? current!.starts_on;
    const endsOn = patch.endsOn ?? current!.ends_on;
    const problems: string[] = [];
    if (endsOn < startsOn) problems.push('endsOn: The batch must end on or after the day it starts');
    if (patch.status && BATCH_STATUSES.indexOf(patch.status) < BATCH_STATUSES.indexOf(batch.status as BatchStatus)) {
      problems.push(`status: A ${batch.status} batch cannot go back to ${patch.status}`);
    }
    if (patch.capacity !== undefined) {
      const taken = await liveSeats(tx, batchId);
      if (patch.capacity < taken) problems.push(`capacity: ${taken} seats are taken: the capacity cannot go below that`);
    }
    const phases =
      patch.phases ??
      (await tx<
        PhaseInput[]
      >`select kind, starts_on::text as "startsOn", ends_on::text as "endsOn", venue from batch_phases where batch_id = ${batchId}`);
    if (phases.some((p) => p.startsOn < startsOn || p.endsOn > endsOn)) problems.push("phases: A phase must fall within the batch's dates");
    if (problems.length) throw new HttpError(400, problems);
    await tx`
      update batches set name = coalesce(${patch.name ?? null}, name), starts_on = ${startsOn}, ends_on = ${endsOn},
        capacity = coalesce(${patch.capacity ?? null}::int, capacity),
        attendance_threshold = coalesce(${patch.attendanceThreshold ?? null}::int, attendance_threshold),
        status = coalesce(${patch.status ?? null}, status), updated_at = now()
      where id = ${batchId}`;
    if (patch.phases) await insertPhases(tx, batchId, patch.phases);
    // A larger capacity frees seats: the waiting list is told at once.
    if (patch.capacity !== undefined) await offerSeatsOf(tx, batchId);
    await recordAdminAction(tx, {
      actor: session,
      action: 'batch.update',
      subjectKind: 'batch',
      subjectId: batchId,
      details: { fields: Object.keys(patch) },
    });
  });
  return batchDetail(batchId);
}

/** PUT /api/v1/admin/batches/:id/faculty (owner): the whole list; each must be an active faculty admin. */
export async function setBatchFaculty(session: Session, batchId: string, accountIds: string[]): Promise<AdminBatchDetail> {
  const ids = [...new Set(accountIds)];
  await db().begin(async (tx) => {
    await lockBatch(tx, batchId);
    const found = ids.length
      ? await tx<{ id: string }[]>`
          select a.id from accounts a left join admin_profiles p on p.account_id = a.id
          where a.id in ${tx(ids)} and a.role = 'admin' and a.admin_role = 'faculty' and coalesce(p.active, true)`
      : [];
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length)
      throw new HttpError(
        400,
        missing.map((id) => `accountIds: ${id} is not an active faculty account`),
      );
    await tx`delete from batch_faculty where batch_id = ${batchId}`;
    for (const id of ids) await tx`insert into batch_faculty (batch_id, account_id) values (${batchId}, ${id})`;
    await recordAdminAction(tx, {
      actor: session,
      action: 'batch.faculty',
      subjectKind: 'batch',
      subjectId: batchId,
      details: { accountIds: ids },
    });
  });
  return batchDetail(batchId);
}
