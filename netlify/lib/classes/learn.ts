/**
 * The learner's /learn: each batch they have a seat in with its phases, its sessions (not
 * cancelled, by time; a live class with its Join window) and their attendance; the open batches a
 * programme learner without a seat may pick; and the calendar feed's address.
 */
import type { BatchPhaseView, LearnAnswer, LearnBatch, LearnSession, SessionKind } from '../../../src/shared/classes.ts';
import type { Session } from '../auth/index.ts';
import { choosableBatches } from '../cohorts/index.ts';
import { db } from '../platform/index.ts';
import { attendanceOf } from './attendance.ts';
import { calendarUrlOf } from './calendar.ts';
import { joinWindow } from './join.ts';

type BatchRow = {
  id: string;
  name: string;
  course_title: string | null;
  programme: string | null;
  starts_on: string;
  ends_on: string;
  threshold: number;
};
type PhaseRow = { batch_id: string; kind: 'online' | 'classroom'; starts_on: string; ends_on: string; venue: string | null };
type SessionRow = {
  id: string;
  batch_id: string;
  kind: SessionKind;
  title: string;
  starts_at: Date;
  duration_minutes: number;
  venue: string | null;
  faculty_name: string | null;
};

export async function learnerClasses(learner: Pick<Session, 'accountId' | 'email'>): Promise<LearnAnswer> {
  const sql = db();
  const batches = await sql<BatchRow[]>`
    select b.id, b.name, c.title as course_title, b.programme, to_char(b.starts_on, 'YYYY-MM-DD') as starts_on,
           to_char(b.ends_on, 'YYYY-MM-DD') as ends_on, b.attendance_threshold as threshold
    from batch_seats seat join batches b on b.id = seat.batch_id left join courses c on c.id = b.course_id
    where seat.account_id = ${learner.accountId} and seat.status = 'taken'
    order by b.starts_on, b.name`;
  const ids = batches.map((b) => b.id).concat('');
  const [phases, sessions, attendance, calendarUrl, choosable] = await Promise.all([
    sql<PhaseRow[]>`
      select batch_id, kind, to_char(starts_on, 'YYYY-MM-DD') as starts_on, to_char(ends_on, 'YYYY-MM-DD') as ends_on, venue
      from batch_phases where batch_id in ${sql(ids)} order by starts_on, id`,
    sql<SessionRow[]>`
      select s.id::text as id, s.batch_id, s.kind, s.title, s.starts_at, s.duration_minutes, s.venue,
             nullif(trim(f.first_name || ' ' || f.last_name), '') as faculty_name
      from class_sessions s left join accounts f on f.id = s.faculty_id
      where s.batch_id in ${sql(ids)} and s.cancelled_at is null order by s.starts_at, s.id`,
    attendanceOf(sql, [learner.accountId]),
    calendarUrlOf(sql, learner.accountId),
    choosableBatches(learner),
  ]);
  return {
    batches: batches.map((b): LearnBatch => ({
      id: b.id,
      name: b.name,
      courseTitle: b.course_title,
      programme: b.programme,
      startsOn: b.starts_on,
      endsOn: b.ends_on,
      phases: phases
        .filter((p) => p.batch_id === b.id)
        .map((p): BatchPhaseView => ({ kind: p.kind, startsOn: p.starts_on, endsOn: p.ends_on, venue: p.venue })),
      attendance: (({ percent, attended, held, threshold }) => ({ percent, attended, held, threshold }))(
        attendance.get(b.id) ?? { percent: null, attended: 0, held: 0, threshold: b.threshold },
      ),
      sessions: sessions.filter((s) => s.batch_id === b.id).map(toLearnSession),
    })),
    choosable,
    calendarUrl,
  };
}

function toLearnSession(s: SessionRow): LearnSession {
  const startsAt = new Date(s.starts_at);
  const window = s.kind === 'live' ? joinWindow(startsAt, s.duration_minutes) : null;
  return {
    id: s.id,
    kind: s.kind,
    title: s.title,
    startsAt: startsAt.toISOString(),
    durationMinutes: s.duration_minutes,
    venue: s.venue,
    facultyName: s.faculty_name,
    joinOpensAt: window ? window.opensAt.toISOString() : null,
    joinClosesAt: window ? window.closesAt.toISOString() : null,
  };
}
