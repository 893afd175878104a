/**
 * Classes in the privacy catalogue (privacy/catalogue.ts spreads these in): a learner's
 * attendance (check-ins, minutes online, corrections with their reasons), their join links, the
 * calendar feed and the reminders sent. All are exported and erased with the account: attendance
 * is kept while the learner is with us because the placement guarantee and the certificate rest on
 * it, and nothing in law asks us to keep it once the learner asks for erasure (docs/dpdp.md).
 */
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
