/**
 * How /learn and /checkin write times: India time whatever the phone's clock says (the business's
 * zone, as src/shared/dates.ts), "6:30 pm", "Mon 30 Nov". IST has no daylight saving, so a day in
 * India is a fixed 5 h 30 min from UTC: the week view counts days with plain arithmetic.
 */
const ZONE = 'Asia/Kolkata';
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: ZONE });
const weekday = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: ZONE });
const longDay = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: ZONE });

/** "6:30 pm" */
export const timeOf = (at: Date): string => time.format(at).toLowerCase();
/** "Mon, 30 Nov" */
export const dayOf = (at: Date): string => weekday.format(at);
/** "Monday, 30 November" */
export const longDayOf = (at: Date): string => longDay.format(at);
/** "Mon, 30 Nov, 6:30 pm IST" */
export const whenOf = (at: Date): string => `${dayOf(at)}, ${timeOf(at)} IST`;

/** The India date of an instant, 'YYYY-MM-DD'. */
export const istDay = (at: Date): string => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
/** 'YYYY-MM-DD' moved by a number of days. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The Monday of the week (India time) a day falls in. */
export const mondayOf = (day: string): string => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
/** Noon in India of a 'YYYY-MM-DD' day, to name the day. */
export const noonOf = (day: string): Date => new Date(Date.parse(`${day}T12:00:00+05:30`));
