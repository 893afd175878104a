/**
 * Classes in the privacy catalogue (privacy/catalogue.ts spreads these in): a learner's
 * attendance (check-ins, minutes online, corrections with their reasons), their join links, the
 * calendar feed and the reminders sent. All are exported and erased with the account: attendance
 * is kept while the learner is with us because the placement guarantee and the certificate rest on
 * it, and nothing in law asks us to keep it once the learner asks for erasure (docs/dpdp.md).
 * The retention schedule (privacy/retention-erasers.ts) erases them by the batch's end below.
 */
import type { Tx } from '../platform/index.ts';
import type { TableCoverage } from '../privacy/types.ts';

const ids = (accountIds: string[]) => accountIds.concat('');

export const CLASS_DATA: Record<string, TableCoverage> = {
  attendance_entries: {
    label: 'attendance',
    export: (tx, s) => tx`
      select b.name as batch, cs.title as session, cs.starts_at, e.source, e.minutes, e.present, e.reason, e.recorded_at
      from attendance_entries e join class_sessions cs on cs.id = e.session_id join batches b on b.id = cs.batch_id
      where e.account_id in ${tx(ids(s.accountIds))} order by cs.starts_at, e.recorded_at`,
    erase: async (tx, s) => (await tx`delete from attendance_entries where account_id in ${tx(ids(s.accountIds))}`).count,
  },
  class_registrants: {
    label: 'liveClassRegistrations',
    // The join links are the learner's own keys to a meeting: named, never exported.
    export: (tx, s) => tx`
      select cs.title as session, cs.starts_at, r.created_at from class_registrants r join class_sessions cs on cs.id = r.session_id
      where r.account_id in ${tx(ids(s.accountIds))} order by cs.starts_at`,
    erase: async (tx, s) => (await tx`delete from class_registrants where account_id in ${tx(ids(s.accountIds))}`).count,
  },
  calendar_feeds: {
    label: 'calendarFeed',
    export: (tx, s) => tx`select created_at from calendar_feeds where account_id in ${tx(ids(s.accountIds))}`,
    erase: async (tx, s) => (await tx`delete from calendar_feeds where account_id in ${tx(ids(s.accountIds))}`).count,
  },
  class_reminders: {
    label: 'classReminders',
    export: (tx, s) => tx`
      select cs.title as session, r.kind, r.sent_at from class_reminders r join class_sessions cs on cs.id = r.session_id
      where r.account_id in ${tx(ids(s.accountIds))} order by r.sent_at`,
    erase: async (tx, s) => (await tx`delete from class_reminders where account_id in ${tx(ids(s.accountIds))}`).count,
  },
  class_sessions: {
    label: 'classSessions',
    // The timetable: titles, times and venues of a batch; its faculty are staff.
    export: async () => [],
    erase: { keep: "a batch's timetable; nothing about a learner (its faculty are staff)" },
  },
};

/** A batch is over at the end of its last day in India. */
const endedBefore = (tx: Tx, cutoff: Date) => tx`((b.ends_on + 1)::timestamp at time zone 'Asia/Kolkata') < ${cutoff}`;

/** Batches ended before the cutoff whose attendance ledger is still kept. */
export async function batchAttendancePastRetention(tx: Tx, cutoff: Date): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    select b.id from batches b where ${endedBefore(tx, cutoff)} and b.attendance_erased_at is null order by b.id`;
  return rows.map((r) => r.id);
}

/** The batch's attendance ledger; the batch is marked, so nobody reads its learners as at 0 %. */
export async function eraseBatchAttendance(tx: Tx, batchId: string): Promise<number> {
  const erased = await tx`
    delete from attendance_entries e using class_sessions s where s.id = e.session_id and s.batch_id = ${batchId}`;
  await tx`update batches set attendance_erased_at = now() where id = ${batchId}`;
  return erased.count;
}

/** Batches ended before the cutoff that still hold join links or reminders sent. */
export async function batchClassLinksPastRetention(tx: Tx, cutoff: Date): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    select b.id from batches b where ${endedBefore(tx, cutoff)}
      and (exists (select 1 from class_registrants r join class_sessions s on s.id = r.session_id where s.batch_id = b.id)
           or exists (select 1 from class_reminders r join class_sessions s on s.id = r.session_id where s.batch_id = b.id))
    order by b.id`;
  return rows.map((r) => r.id);
}

/** The batch's join links and reminders sent (the reports that needed the links were read days ago). */
export async function eraseBatchClassLinks(tx: Tx, batchId: string): Promise<number> {
  const links = await tx`delete from class_registrants r using class_sessions s where s.id = r.session_id and s.batch_id = ${batchId}`;
  const reminders = await tx`delete from class_reminders r using class_sessions s where s.id = r.session_id and s.batch_id = ${batchId}`;
  return links.count + reminders.count;
}

/**
 * Accounts whose calendar feed, made before the cutoff, shows no batch that ended after it (the
 * learner's batches as learner_attendance lists them: seats taken, ledger not yet erased).
 */
export async function calendarFeedsPastRetention(tx: Tx, cutoff: Date): Promise<string[]> {
  const rows = await tx<{ account_id: string }[]>`
    select f.account_id from calendar_feeds f where f.created_at < ${cutoff}
      and not exists (select 1 from learner_attendance la join batches b on b.id = la.batch_id
                      where la.account_id = f.account_id and not ${endedBefore(tx, cutoff)})
    order by f.account_id`;
  return rows.map((r) => r.account_id);
}

export async function eraseCalendarFeed(tx: Tx, accountId: string): Promise<number> {
  return (await tx`delete from calendar_feeds where account_id = ${accountId}`).count;
}
