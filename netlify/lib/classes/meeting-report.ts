/**
 * A live class has ended: its participant report becomes minutes online in the attendance
 * ledger. Rows are matched to learners by the registrant their join link belonged to (never by
 * the display name, which anyone can type); overlapping joins of one learner (two devices, a
 * rejoin) count once. Reading the report again rewrites the same rows: idempotent.
 */
import { meetingHost, type MeetingParticipant } from '../meetings/index.ts';
import { db, log } from '../platform/index.ts';

/** Minutes covered by a learner's joins, overlaps merged, rounded to the nearest minute. */
export function minutesOnline(joins: Pick<MeetingParticipant, 'joinedAt' | 'leftAt'>[]): number {
  const spans = joins
    .map((j) => [new Date(j.joinedAt).getTime(), new Date(j.leftAt).getTime()] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [start, stop] of spans) {
    const from = Math.max(start, end);
    if (stop > from) total += stop - from;
    end = Math.max(end, stop);
  }
  return Math.round(total / 60_000);
}

export type MeetingEnded = { sessionId: string | null; learners: number; unmatched: number };

export async function recordMeetingEnded(meetingId: string): Promise<MeetingEnded> {
  const [session] = await db()<{ id: string; duration_minutes: number }[]>`
    select id::text as id, duration_minutes from class_sessions where meeting_id = ${meetingId}`;
  if (!session) {
    log.info('meeting ended: not one of our classes', { meetingId });
    return { sessionId: null, learners: 0, unmatched: 0 };
  }
  const report = await meetingHost().participantReport(meetingId);
  const registrants = await db()<{ registrant_id: string; account_id: string }[]>`
    select registrant_id, account_id from class_registrants where session_id = ${session.id}`;
  const accountOf = new Map(registrants.map((r) => [r.registrant_id, r.account_id]));
  const joinsOf = new Map<string, MeetingParticipant[]>();
  let unmatched = 0;
  for (const row of report) {
    const accountId = row.registrantId ? accountOf.get(row.registrantId) : undefined;
    if (!accountId) {
      unmatched++;
      continue;
    }
    joinsOf.set(accountId, [...(joinsOf.get(accountId) ?? []), row]);
  }
  await db().begin(async (tx) => {
    await tx`update class_sessions set report_read_at = now() where id = ${session.id}`;
    for (const [accountId, joins] of joinsOf) {
      const minutes = Math.min(minutesOnline(joins), 1440);
      const present = session.duration_minutes > 0 && minutes * 2 >= session.duration_minutes;
      await tx`insert into attendance_entries (session_id, account_id, source, minutes, present)
               values (${session.id}, ${accountId}, 'online', ${minutes}, ${present})
               on conflict (session_id, account_id) where source = 'online'
               do update set minutes = excluded.minutes, present = excluded.present, recorded_at = now()`;
    }
  });
  log.info('meeting ended: minutes recorded', { sessionId: session.id, learners: joinsOf.size, unmatched });
  return { sessionId: session.id, learners: joinsOf.size, unmatched };
}

/** A report is read once the class has been over this long (Zoom needs a few minutes to make it). */
const REPORT_AFTER_MINUTES = 15;
/** Classes looked at per run: each is one call to the meeting host, inside a scheduled run's 30 s. */
const REPORTS_PER_RUN = 10;

/**
 * The scheduled run's safety net: the report of a live class that ended (up to 3 days ago) and
 * was never read, because its meeting.ended webhook did not get through. A report still not ready
 * is tried again on the next run.
 */
export async function readMissedReports({ now = new Date() }: { now?: Date } = {}): Promise<{ read: number; failed: number }> {
  const ended = await db()<{ meeting_id: string }[]>`
    select meeting_id from class_sessions
    where kind = 'live' and meeting_id is not null and cancelled_at is null and report_read_at is null
      and starts_at + make_interval(mins => duration_minutes + ${REPORT_AFTER_MINUTES}) <= ${now}
      and starts_at > ${now}::timestamptz - interval '3 days'
    order by starts_at limit ${REPORTS_PER_RUN}`;
  let read = 0;
  let failed = 0;
  for (const { meeting_id: meetingId } of ended) {
    try {
      await recordMeetingEnded(meetingId);
      read++;
    } catch (error) {
      failed++;
      log.warn('meeting report not read yet', { meetingId, error });
    }
  }
  return { read, failed };
}
