/**
 * Who is in a batch and how they got there: the roster, an owner's manual enrolment (an existing
 * purchase, registration fee or fee plan is named as the seat's source when there is one), the
 * enrolments still without a batch, and a programme learner choosing their batch on /learn.
 */
import {
  BATCH_NOT_OPEN,
  type EnrolAnswer,
  type PublicBatch,
  type RosterLearner,
  type SeatSource,
  type UnplacedEnrolment,
} from '../../../src/shared/cohorts.ts';
import type { Session } from '../auth/index.ts';
import { db, HttpError, rateLimit, recordAdminAction, type Tx } from '../platform/index.ts';
import { programmeBatches } from './batches.ts';
import { ALREADY_SEATED, liveSeat, lockBatch, takeSeat } from './seats.ts';

export const NO_LEARNER = 'No learner account has that email: the learner signs up first';
export const NOT_ENROLLED = 'Only a learner who paid the registration fee or joined a fee plan can choose a programme batch';

/** GET /api/v1/admin/batches/:id/roster: seated learners by name, then the waiting list in its order. */
export async function batchRoster(batchId: string): Promise<RosterLearner[]> {
  return db()<RosterLearner[]>`
    select a.id as "accountId", trim(a.first_name || ' ' || a.last_name) as name, a.email,
           case when s.status = 'waiting' then 'waiting' else s.status end as "seatStatus", s.source
    from batch_seats s join accounts a on a.id = s.account_id
    where s.batch_id = ${batchId} and (${db().unsafe(liveSeat('s.'))} or s.status = 'waiting')
    order by s.status = 'waiting', case when s.status = 'waiting' then s.created_at end, a.first_name, a.last_name, a.id`;
}

/** Programme names are free text in fee plans: "Aviation" or "aviation" match the slug 'aviation'. */
const programmeMatches = (sql: Tx | ReturnType<typeof db>, column: string, programme: string) =>
  sql`regexp_replace(lower(trim(${sql.unsafe(column)})), '[^a-z0-9]+', '-', 'g') = ${programme}`;

/** The enrolment a learner's seat in this batch comes from, if any (else the seat is manual). */
async function sourceFor(
  tx: Tx,
  batch: { course_id: string | null; programme: string | null },
  account: { id: string; email: string },
): Promise<{ source: SeatSource; sourceId: string } | undefined> {
  if (batch.course_id) {
    const [order] = await tx<{ id: string }[]>`
      select id::text from course_orders where account_id = ${account.id} and course_id = ${batch.course_id} and status = 'paid'`;
    return order ? { source: 'course_order', sourceId: order.id } : undefined;
  }
  const [plan] = await tx<{ id: string }[]>`
    select e.id::text from plan_enrolments e join instalment_plans p on p.id = e.plan_id
    where e.account_id = ${account.id} and ${programmeMatches(tx, 'p.programme', batch.programme!)}
    order by e.created_at limit 1`;
  if (plan) return { source: 'instalment_plan', sourceId: plan.id };
  const [registration] = await tx<{ id: string }[]>`
    select id from registrations where email = ${account.email} and status = 'paid' and erased_at is null`;
  return registration ? { source: 'registration', sourceId: registration.id } : undefined;
}

/** POST /api/v1/admin/batches/:id/enrol (owner): an open or running batch, within its capacity. */
export async function enrolLearner(session: Session, batchId: string, email: string): Promise<EnrolAnswer> {
  return db().begin(async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (batch.status === 'finished') throw new HttpError(409, 'This batch has finished: enrol the learner in another batch');
    const [account] = await tx<{ id: string; email: string }[]>`select id, email from accounts where role = 'user' and email = ${email}`;
    if (!account) throw new HttpError(404, NO_LEARNER);
    const [seated] = await tx`
      select 1 from batch_seats where batch_id = ${batch.id} and account_id = ${account.id} and status = 'taken'`;
    if (seated) throw new HttpError(409, 'This learner already has a seat in this batch');
    const from = (await sourceFor(tx, batch, account)) ?? { source: 'manual' as const, sourceId: null };
    await takeSeat(tx, batch, { accountId: account.id, source: from.source, sourceId: from.sourceId, hold: false });
    await recordAdminAction(tx, {
      actor: session,
      action: 'batch.enrol',
      subjectKind: 'batch',
      subjectId: batch.id,
      details: { accountId: account.id, source: from.source },
    });
    return { accountId: account.id, source: from.source, status: 'taken' };
  });
}

/** POST /api/v1/learn/batches/:id/seat: a programme learner takes a seat in an open batch. */
export async function chooseProgrammeBatch(session: Pick<Session, 'accountId' | 'email'>, batchId: string): Promise<{ created: boolean }> {
  await rateLimit({ bucket: 'batch-seat', key: session.accountId, limit: 30, windowSeconds: 3600 });
  return db().begin(async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (!batch.programme) throw new HttpError(400, 'This is a course batch: choose it when you buy the course');
    if (batch.status !== 'open') throw new HttpError(409, BATCH_NOT_OPEN);
    const from = await sourceFor(tx, batch, { id: session.accountId, email: session.email });
    if (!from) throw new HttpError(403, NOT_ENROLLED);
    const [other] = await tx<{ name: string }[]>`
      select b.name from batch_seats s join batches b on b.id = s.batch_id
      where s.account_id = ${session.accountId} and b.programme = ${batch.programme} and b.id <> ${batch.id} and ${tx.unsafe(liveSeat('s.'))}`;
    if (other) throw new HttpError(409, `You already have a seat in ${other.name}: ask us to move you`);
    const seat = await takeSeat(tx, batch, { accountId: session.accountId, source: from.source, sourceId: from.sourceId, hold: false });
    if (!seat.created) throw new HttpError(409, ALREADY_SEATED);
    return { created: true };
  });
}

/** For /learn: each programme the learner paid for, or joined a fee plan of, with its open batches, while they have no seat in one. */
export async function choosableBatches(
  session: Pick<Session, 'accountId' | 'email'>,
): Promise<{ programme: string; batches: PublicBatch[] }[]> {
  const sql = db();
  const [paid] = await sql`select 1 from registrations where email = ${session.email} and status = 'paid' and erased_at is null`;
  const plans = await sql<{ programme: string }[]>`
    select distinct regexp_replace(lower(trim(p.programme)), '[^a-z0-9]+', '-', 'g') as programme
    from plan_enrolments e join instalment_plans p on p.id = e.plan_id where e.account_id = ${session.accountId}`;
  if (!paid && plans.length === 0) return [];
  const programmes = await sql<{ programme: string }[]>`
    select distinct b.programme from batches b
    where b.programme is not null and b.status = 'open'
      and (${!!paid} or b.programme in ${sql(plans.length ? plans.map((p) => p.programme) : [''])})
      and not exists (select 1 from batch_seats s join batches o on o.id = s.batch_id
                      where s.account_id = ${session.accountId} and o.programme = b.programme and s.status = 'taken')
    order by b.programme`;
  return Promise.all(programmes.map(async ({ programme }) => ({ programme, batches: await programmeBatches(programme) })));
}

/** GET /api/v1/admin/unplaced (owner): paid purchases, registration fees and fee plans with no seat yet. */
export async function unplacedEnrolments(): Promise<UnplacedEnrolment[]> {
  return db()<UnplacedEnrolment[]>`
    select 'course_order' as source, o.id::text as "sourceId", a.id as "accountId", trim(a.first_name || ' ' || a.last_name) as name,
           a.email, o.course_id as "courseId", c.title as "courseTitle", null as programme, o.paid_at as "paidAt"
    from course_orders o join accounts a on a.id = o.account_id join courses c on c.id = o.course_id
    where o.status = 'paid' and not exists (
      select 1 from batch_seats s join batches b on b.id = s.batch_id
      where s.account_id = o.account_id and b.course_id = o.course_id and s.status in ('held', 'taken'))
    union all
    select 'registration', r.id, a.id, trim(a.first_name || ' ' || a.last_name), a.email, null, null, null, r.updated_at
    from registrations r join accounts a on a.role = 'user' and a.email = r.email
    where r.status = 'paid' and r.erased_at is null and not exists (
      select 1 from batch_seats s join batches b on b.id = s.batch_id
      where s.account_id = a.id and b.programme is not null and s.status = 'taken')
    union all
    select 'instalment_plan', e.id::text, a.id, trim(a.first_name || ' ' || a.last_name), a.email, null, null,
           regexp_replace(lower(trim(p.programme)), '[^a-z0-9]+', '-', 'g'), e.created_at
    from plan_enrolments e join instalment_plans p on p.id = e.plan_id join accounts a on a.id = e.account_id
    where not exists (
      select 1 from batch_seats s join batches b on b.id = s.batch_id
      where s.account_id = a.id and b.programme is not null and s.status = 'taken')
    order by "paidAt" desc
    limit 500`.then((rows) => rows.map((r) => ({ ...r, paidAt: new Date(r.paidAt).toISOString() })));
}
