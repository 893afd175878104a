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
