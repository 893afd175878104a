/**
 * Batches in the retention schedule (docs/dpdp.md): join links, reminders sent, waiting-list places
 * and a calendar feed with no batch left go 30 days after the batch ends; the attendance ledger 30
 * months after (the placement guarantee's 6 months, then 2 years to bring a claim); the learner's
 * seat stays as the placement of what they paid for.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runRetention } from '../../../netlify/lib/privacy/index.ts';
import { signupVerifiedLearner, useTestDatabase } from '../support/harness.ts';
import { DIGITAL_MARKETING, seat } from './kit.ts';

const db = useTestDatabase();
const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

async function batchEnding(name: string, endsInDays: number): Promise<string> {
  const [batch] = await db.sql<{ id: string }[]>`
    insert into batches (course_id, name, starts_on, ends_on, capacity, status)
    values (${DIGITAL_MARKETING}, ${name}, current_date - 90, current_date + ${endsInDays}::int, 20,
            ${endsInDays < 0 ? 'finished' : 'running'})
    returning id`;
  return batch!.id;
}

/** A learner seated in the batch with a check-in, a join link, a reminder and a calendar feed. */
async function attendingLearner(batchId: string) {
  const learner = await signupVerifiedLearner();
  await seat(db, batchId, learner.id);
  const [session] = await db.sql<{ id: string }[]>`
    insert into class_sessions (batch_id, kind, title, starts_at, duration_minutes, meeting_id)
    values (${batchId}, 'live', 'Live one', now() - interval '20 days', 60, ${`m-${randomBytes(6).toString('hex')}`}) returning id::text`;
  await db.sql`insert into attendance_entries (session_id, account_id, source, minutes, present)
               values (${session!.id}, ${learner.id}, 'online', 55, true)`;
  await db.sql`insert into class_registrants (session_id, account_id, registrant_id, join_url)
               values (${session!.id}, ${learner.id}, ${`r-${learner.id}`}, 'https://zoom.example/j/1')`;
  await db.sql`insert into class_reminders (session_id, account_id, kind) values (${session!.id}, ${learner.id}, 'day')`;
  await db.sql`insert into calendar_feeds (account_id, token_hash) values (${learner.id}, ${randomBytes(32).toString('hex')})`;
  return learner;
}

const rowsOf = async (accountId: string) => {
  const [row] = await db.sql<Record<string, number>[]>`
    select (select count(*)::int from attendance_entries where account_id = ${accountId}) as attendance,
           (select count(*)::int from class_registrants where account_id = ${accountId}) as registrants,
           (select count(*)::int from class_reminders where account_id = ${accountId}) as reminders,
           (select count(*)::int from calendar_feeds where account_id = ${accountId}) as feeds,
           (select count(*)::int from batch_seats where account_id = ${accountId} and status = 'taken') as seats,
           (select count(*)::int from batch_seats where account_id = ${accountId} and status = 'waiting') as waiting,
           (select count(*)::int from learner_attendance where account_id = ${accountId}) as shown`;
  return row!;
};

const classItems = (run: { items: { kind: string; table: string; id: string }[] }) =>
  run.items.filter((i) => i.kind.startsWith('class-')).map((i) => `${i.kind}:${i.table}:${i.id}`);

describe('batches in the retention schedule', () => {
  it('erases class logistics 30 days after the batch ends and attendance 30 months after, keeping the seat', async () => {
    const ended = await batchEnding('DM ended', -1);
    const running = await batchEnding('DM running', 120);
    const past = await attendingLearner(ended);
    const current = await attendingLearner(running);
    const waiting = await signupVerifiedLearner();
    await db.sql`insert into batch_seats (batch_id, account_id, source, status) values (${ended}, ${waiting.id}, 'course_order', 'waiting')`;

    // Ten days after: nothing of a batch has expired.
    expect(classItems(await runRetention({ now: daysFromNow(10) }))).toEqual([]);
    expect(await rowsOf(past.id)).toEqual({ attendance: 1, registrants: 1, reminders: 1, feeds: 1, seats: 1, waiting: 0, shown: 1 });

    // A month after the end: the ended batch's join links, reminders and waiting list go, and the
    // feed of a learner with no batch left; the running batch keeps everything.
    const month = await runRetention({ now: daysFromNow(32) });
    expect(classItems(month).sort()).toEqual([`class-logistics:batches:${ended}`, `class-logistics:calendar_feeds:${past.id}`]);
    expect(await rowsOf(past.id)).toEqual({ attendance: 1, registrants: 0, reminders: 0, feeds: 0, seats: 1, waiting: 0, shown: 1 });
    expect(await rowsOf(waiting.id)).toMatchObject({ waiting: 0 });
    expect(await rowsOf(current.id)).toEqual({ attendance: 1, registrants: 1, reminders: 1, feeds: 1, seats: 1, waiting: 0, shown: 1 });

    // 30 months after the end: the attendance ledger goes and is shown no more (no 0 % under the
    // threshold); the seat stays. The running batch ended later: its ledger stays.
    const dryRun = await runRetention({ now: daysFromNow(915), dryRun: true });
    expect(classItems(dryRun)).toContain(`class-attendance:batches:${ended}`);
    expect(classItems(dryRun)).not.toContain(`class-attendance:batches:${running}`);
    expect(await rowsOf(past.id)).toMatchObject({ attendance: 1, shown: 1 });
    await runRetention({ now: daysFromNow(915) });
    expect(await rowsOf(past.id)).toEqual({ attendance: 0, registrants: 0, reminders: 0, feeds: 0, seats: 1, waiting: 0, shown: 0 });
    expect(await rowsOf(current.id)).toMatchObject({ attendance: 1, seats: 1, shown: 1 });
    const logged = await db.sql`select kind, subject_table, subject_id from retention_erasures where subject_id = ${ended} order by id`;
    expect(logged.map((r) => `${r.kind}:${r.subject_table}`)).toEqual(['class-logistics:batches', 'class-attendance:batches']);

    // Erased once: a later run finds nothing more of that batch.
    expect(classItems(await runRetention({ now: daysFromNow(916) })).filter((i) => i.endsWith(ended))).toEqual([]);
  });
});
