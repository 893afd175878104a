/**
 * A batch's status follows its dates (the scheduled run): open -> running on its start day, -> finished
 * the day after its end day, once, audited as the schedule. A finished batch takes no seat and no
 * session, with a clear message.
 */
import { describe, expect, it } from 'vitest';
import { advanceBatchStatuses } from '../../../netlify/lib/cohorts/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { DM, cohortsKit } from './kit.ts';

const db = useTestDatabase({ SANDBOX_PAYMENT_SECRET: 'sandbox-secret-for-batch-tests' });
const { owner, learner, buy } = cohortsKit(db);

/** A batch with its days relative to today in India. */
async function batchOn(name: string, startsIn: number, endsIn: number, status = 'open'): Promise<string> {
  const [row] = await db.sql<{ id: string }[]>`
    insert into batches (course_id, name, starts_on, ends_on, capacity, status)
    values (${DM}, ${name}, (now() at time zone 'Asia/Kolkata')::date + ${startsIn}::int,
            (now() at time zone 'Asia/Kolkata')::date + ${endsIn}::int, 20, ${status})
    returning id`;
  return row!.id;
}

const statusOf = async (id: string) => (await db.sql<{ status: string }[]>`select status from batches where id = ${id}`)[0]!.status;

describe('batch status by date', () => {
  it('moves open to running on the start day and to finished after the end day, once, audited as the schedule', async () => {
    const starting = await batchOn('Starts today', 0, 90);
    const upcoming = await batchOn('Starts tomorrow', 1, 90);
    const endedOpen = await batchOn('Ended, never started', -60, -1);
    const endedRunning = await batchOn('Ended', -60, -1, 'running');
    const lastDay = await batchOn('Ends today', -60, 0, 'running');

    const moves = await advanceBatchStatuses();
    expect(moves.filter((m) => [starting, upcoming, endedOpen, endedRunning, lastDay].includes(m.batchId))).toEqual(
      expect.arrayContaining([
        { batchId: starting, from: 'open', to: 'running' },
        { batchId: endedOpen, from: 'open', to: 'finished' },
        { batchId: endedRunning, from: 'running', to: 'finished' },
      ]),
    );
    expect(moves).toHaveLength(3);
    expect([await statusOf(starting), await statusOf(upcoming), await statusOf(endedOpen), await statusOf(lastDay)]).toEqual([
      'running',
      'open',
      'finished',
      'running',
    ]);
    const audit = await db.sql<
      { actor_id: string | null; actor_email: string; subject_id: string; details: { from: string; to: string } }[]
    >`
      select actor_id, actor_email, subject_id, details from admin_audit_log where action = 'batch.status' order by id`;
    expect(audit.map((a) => [a.subject_id, a.details.from, a.details.to].join(' ')).sort()).toEqual(
      [`${starting} open running`, `${endedOpen} open finished`, `${endedRunning} running finished`].sort(),
    );
    expect(audit.every((a) => a.actor_id === null && a.actor_email === 'schedule')).toBe(true);

    // Run again (the next quarter hour): nothing moves, nothing more in the log.
    expect(await advanceBatchStatuses()).toEqual([]);
    expect(await db.sql`select 1 from admin_audit_log where action = 'batch.status'`).toHaveLength(3);

    // Tomorrow in India: the batch that ended today finishes, the one starting tomorrow runs.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect((await advanceBatchStatuses({ now: tomorrow })).map((m) => [m.batchId, m.to]).sort()).toEqual(
      [
        [lastDay, 'finished'],
        [upcoming, 'running'],
      ].sort(),
    );
  });

  it('a finished batch refuses new seats and sessions with a clear message', async () => {
    const finished = await batchOn('Finished', -60, -1, 'finished');
    const token = await owner();
    const buyer = await learner();

    const session = await call('POST', `/api/v1/admin/batches/${finished}/sessions`, {
      token,
      body: { kind: 'live', title: 'One more class', startsAt: new Date(Date.now() + 86_400_000).toISOString(), durationMinutes: 60 },
    });
    expect([session.status, session.body.errors]).toEqual([409, 'This batch has finished: it takes no new sessions']);
    expect(await db.sql`select 1 from class_sessions where batch_id = ${finished}`).toHaveLength(0);

    const enrol = await call('POST', `/api/v1/admin/batches/${finished}/enrol`, { token, body: { email: buyer.email } });
    expect([enrol.status, enrol.body.errors]).toEqual([409, 'This batch has finished: enrol the learner in another batch']);
    const bought = await buy(buyer.token, finished);
    expect([bought.status, bought.body.errors]).toEqual([409, 'That batch is not open for enrolment. Choose another batch.']);
    const waiting = await call('POST', `/api/v1/batches/${finished}/waitlist`, { token: buyer.token });
    expect(waiting.status).toBe(409);
    expect(await db.sql`select 1 from batch_seats where batch_id = ${finished}`).toHaveLength(0);
  });
});
