/**
 * What the class screens show without the request schemas (plain values, no zod), so /learn and
 * the staff screens that only show sessions and attendance load no schema code.
 */
export const SESSION_KINDS = ['live', 'classroom', 'deadline'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];
export const SESSION_KIND_LABELS: Record<SessionKind, string> = {
  live: 'Live online class',
  classroom: 'In-class session',
  deadline: 'Deadline',
};

/** The Join button works from this many minutes before a live class to its end. */
export const JOIN_OPENS_MINUTES_BEFORE = 15;
/** A classroom QR token is refused once older than this; the faculty screen shows a new one sooner. */
export const CHECKIN_TOKEN_SECONDS = 30;
/** The faculty screen asks for a fresh token this often, well inside the token's life. */
export const QR_REFRESH_SECONDS = 10;
/** Attendance percent counted as present by minutes online: at least half of the class. */
export const ONLINE_PRESENT_SHARE = 0.5;

const timeIst = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' });
const dayIst = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

/** "Join opens at 6:45 pm IST" (and the day when it is not today in India), as the API and the button say it. */
export function joinOpensMessage(opensAt: Date, now: Date = new Date()): string {
  const sameDay = dayIst.format(opensAt) === dayIst.format(now);
  const time = timeIst.format(opensAt).toLowerCase();
  return `Join opens at ${time} IST${sameDay ? '' : ` on ${dayIst.format(opensAt)}`}`;
}
export const JOIN_CLOSED = 'This class has ended';

export const CORRECTION_REASON_MAX = 500;

export const attendanceLabel = (percent: number | null) => (percent === null ? 'No classes yet' : `${percent}%`);
