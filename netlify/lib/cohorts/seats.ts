/**
 * Seats: taken atomically (the batch row is locked, live seats counted, then one is inserted or
 * refused), held for a course order until it is paid, and the waiting list. A course order's
 * seat then follows the order in the database (migration 20261202001000: paid -> taken,
 * refunded or duplicate -> released), whoever records the payment or the refund. A seat offered
 * to a learner on the waiting list (offers.ts) counts as taken for everyone else until it lapses.
 */
import {
  BATCH_FULL,
  BATCH_NOT_OPEN,
  CHOOSE_A_BATCH,
  SEAT_HOLD_MINUTES,
  type SeatSource,
  type WaitlistAnswer,
} from '../../../src/shared/cohorts.ts';
import { db, HttpError, json, rateLimit, type Tx } from '../platform/index.ts';

/** 409 with `full: true`: the function answers `{ errors: BATCH_FULL, full: true }`. */
export class BatchFullError extends HttpError {
  readonly full = true;
  constructor(message = BATCH_FULL) {
    super(409, message);
  }
}

export const ALREADY_SEATED = 'You already have a seat in this batch';
/** A live seat: taken, or held and not run out (`table` prefixes the columns, e.g. 's.'). */
export const liveSeat = (table = '') => `(${table}status = 'taken' or (${table}status = 'held' and ${table}held_until > now()))`;

/** A waiting learner's offer of a freed seat, still theirs (offers.ts; `table` prefixes the columns). */
export const liveOffer = (table = '') => `(${table}status = 'waiting' and ${table}offered_until > now())`;

/** Seats offered to other learners of the batch and still theirs: nobody else may take them. */
async function offersToOthers(tx: Tx, batchId: string, accountId: string): Promise<number> {
  const [row] = await tx<{ n: number }[]>`
    select count(*)::int as n from batch_seats where batch_id = ${batchId} and account_id <> ${accountId} and ${tx.unsafe(liveOffer())}`;
  return row!.n;
}

type LockedBatch = { id: string; course_id: string | null; programme: string | null; status: string; capacity: number };

/** Locks the batch row for the rest of the transaction: seats of one batch are taken one at a time. */
export async function lockBatch(tx: Tx, batchId: string): Promise<LockedBatch> {
  const [batch] = await tx<LockedBatch[]>`
    select id, course_id, programme, status, capacity from batches where id = ${batchId} for update`;
  if (!batch) throw new HttpError(404, 'Batch not found');
  return batch;
}

export async function liveSeats(tx: Tx, batchId: string): Promise<number> {
  const [row] = await tx<
    { n: number }[]
  >`select count(*)::int as n from batch_seats where batch_id = ${batchId} and ${tx.unsafe(liveSeat())}`;
  return row!.n;
}

type SeatRow = { id: string; status: 'held' | 'taken'; live: boolean };

/**
 * Takes (or holds) a seat in a locked batch: a seat the learner already has is kept (a hold is
 * renewed), a hold that ran out is released first, a full batch refuses. Returns the seat's id.
 */
export async function takeSeat(
  tx: Tx,
  batch: LockedBatch,
  seat: { accountId: string; source: SeatSource; sourceId: string | null; hold: boolean },
): Promise<{ id: string; created: boolean }> {
  const [mine] = await tx<SeatRow[]>`
    select id::text, status, ${tx.unsafe(liveSeat())} as live from batch_seats
    where batch_id = ${batch.id} and account_id = ${seat.accountId} and status in ('held', 'taken')`;
  if (mine?.live) {
    if (mine.status === 'held') {
      // The learner's own hold: renewed (a new checkout attempt), or made a seat.
      await tx`update batch_seats set ${seat.hold ? tx`held_until = now() + ${`${SEAT_HOLD_MINUTES} minutes`}::interval` : tx`status = 'taken', held_until = null`},
                 source = ${seat.source}, source_id = ${seat.sourceId}, updated_at = now() where id = ${mine.id}`;
    }
    return { id: mine.id, created: false };
  }
  if (mine)
    await tx`update batch_seats set status = 'released', held_until = null, released_reason = 'hold expired', updated_at = now() where id = ${mine.id}`;
  if ((await liveSeats(tx, batch.id)) + (await offersToOthers(tx, batch.id, seat.accountId)) >= batch.capacity) throw new BatchFullError();
  const [row] = await tx<{ id: string }[]>`
    insert into batch_seats (batch_id, account_id, source, source_id, status, held_until)
    values (${batch.id}, ${seat.accountId}, ${seat.source}, ${seat.sourceId}, ${seat.hold ? 'held' : 'taken'},
            ${seat.hold ? tx`now() + ${`${SEAT_HOLD_MINUTES} minutes`}::interval` : null})
    returning id::text`;
  // Seated: off the waiting list.
  await tx`update batch_seats set status = 'released', released_reason = 'seated', updated_at = now()
           where batch_id = ${batch.id} and account_id = ${seat.accountId} and status = 'waiting'`;
  return { id: row!.id, created: true };
}

/** Whether the course has batches a buyer can choose (then choosing one is required). */
async function courseHasOpenBatches(courseId: string): Promise<boolean> {
  const [row] = await db()`select 1 from batches where course_id = ${courseId} and status = 'open' limit 1`;
  return !!row;
}

/**
 * Before any gateway order: holds a seat in the chosen batch of this course for SEAT_HOLD_MINUTES.
 * Refuses a missing choice while the course has open batches, another course's batch, a batch
 * that is not open, and a full batch (BatchFullError). Undefined: the course has no batches.
 */
export async function holdSeatForCourse(accountId: string, courseId: string, batchId: string | undefined): Promise<string | undefined> {
  if (!batchId) {
    if (await courseHasOpenBatches(courseId)) throw new HttpError(400, [`batchId: ${CHOOSE_A_BATCH}`]);
    return undefined;
  }
  return db().begin(async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (batch.course_id !== courseId) throw new HttpError(400, ['batchId: That batch is not a batch of this course']);
    if (batch.status !== 'open') throw new HttpError(409, BATCH_NOT_OPEN);
    const seat = await takeSeat(tx, batch, { accountId, source: 'course_order', sourceId: null, hold: true });
    return seat.id;
  });
}

/** In the order's transaction: the held seat belongs to this course order (a seat already taken keeps its source). */
export async function linkSeatToOrder(tx: Tx, seatId: string, courseOrderId: string): Promise<void> {
  await tx`update batch_seats set source = 'course_order', source_id = ${courseOrderId}, updated_at = now()
           where id = ${seatId} and status = 'held'`;
}

/** The gateway order could not be opened: the hold goes at once. */
export async function releaseHeldSeat(seatId: string): Promise<void> {
  await db()`update batch_seats set status = 'released', held_until = null, released_reason = 'order not opened', updated_at = now()
             where id = ${seatId} and status = 'held'`;
}

/** POST /api/v1/batches/:id/waitlist: the learner's place in the queue of an open, full or not, batch. */
export async function joinWaitlist(accountId: string, batchId: string): Promise<{ created: boolean; answer: WaitlistAnswer }> {
  await rateLimit({ bucket: 'batch-waitlist', key: accountId, limit: 20, windowSeconds: 3600 });
  return db().begin(async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (batch.status !== 'open') throw new HttpError(409, BATCH_NOT_OPEN);
    const [seated] =
      await tx`select 1 from batch_seats where batch_id = ${batch.id} and account_id = ${accountId} and ${tx.unsafe(liveSeat())}`;
    if (seated) throw new HttpError(409, ALREADY_SEATED);
    const inserted = await tx`
      insert into batch_seats (batch_id, account_id, source, status)
      values (${batch.id}, ${accountId}, ${batch.course_id ? 'course_order' : 'registration'}, 'waiting')
      on conflict (batch_id, account_id) where status = 'waiting' do nothing returning id`;
    const [row] = await tx<{ position: number }[]>`
      select count(*)::int as position from batch_seats w
      where w.batch_id = ${batch.id} and w.status = 'waiting'
        and (w.created_at, w.id) <= (select created_at, id from batch_seats
                                     where batch_id = ${batch.id} and account_id = ${accountId} and status = 'waiting')`;
    return { created: inserted.length > 0, answer: { position: row!.position } };
  });
}

/** Answers a full batch as `409 { errors, full: true }` (the checkout then offers the waiting list). */
export async function answeringFull(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BatchFullError) return json({ errors: error.errors, full: true }, { status: 409 });
    throw error;
  }
}
