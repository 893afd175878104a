/**
 * Classes of a batch: the timetable (timetable.ts; sessions.ts reads them and checks who may act),
 * the Join window of a live class (join.ts), classroom check-in by a rotating QR code
 * (checkin.ts), the attendance ledger (attendance.ts; minutes from a meeting's report in
 * meeting-report.ts), the calendar feed (calendar.ts), the learner's /learn (learn.ts) and the
 * reminders (reminders.ts). Wording in emails.ts, personal data in privacy.ts.
 */
export * from './attendance.ts';
export { calendarFeed, FEED_NOT_FOUND, resetCalendarFeed } from './calendar.ts';
export * from './checkin.ts';
export * from './join.ts';
export * from './learn.ts';
export * from './meeting-report.ts';
export * from './reminders.ts';
export { NO_SUCH_SESSION, NOT_IN_BATCH, requireSessionAccess, SESSION_CANCELLED } from './sessions.ts';
export * from './timetable.ts';
