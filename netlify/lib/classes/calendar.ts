/**
 * The learner's personal calendar feed (.ics): a secret address a calendar app polls, so the
 * timetable and its changes reach the learner's phone. The token is derived from the server's
 * secret, the account and the moment the feed was (re)made, so /learn can show the address again;
 * the database keeps only its SHA-256, and a reset makes the old address answer 404.
 */
import { createHash, createHmac } from 'node:crypto';
import ical, { ICalEventStatus } from 'ical-generator';
import { SESSION_KIND_LABELS, type SessionKind } from '../../../src/shared/classes.ts';
import { db, env, siteUrl, type Db } from '../platform/index.ts';

export const FEED_NOT_FOUND = 'No such calendar: the address was reset or never existed';

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

function feedToken(accountId: string, madeAt: Date): string {
  return createHmac('sha256', env().jwtSecret).update(`calendar-feed|${accountId}|${madeAt.getTime()}`).digest('base64url');
}

const feedUrl = (token: string) => siteUrl(`/api/v1/calendar/${token}.ics`);

/** The feed's address, or null until the learner asks for one. */
export async function calendarUrlOf(tx: Db, accountId: string): Promise<string | null> {
  const [row] = await tx<
    { created_at: Date; token_hash: string }[]
  >`select created_at, token_hash from calendar_feeds where account_id = ${accountId}`;
  if (!row) return null;
  const token = feedToken(accountId, new Date(row.created_at));
  // A changed server secret leaves a feed nobody can open: say so by showing none.
  return sha256(token) === row.token_hash ? feedUrl(token) : null;
}

/** A new address for the learner's feed (the first, or one in place of the old one, which stops working). */
export async function resetCalendarFeed(accountId: string, now = new Date()): Promise<{ calendarUrl: string }> {
  // A Date is whole milliseconds, which timestamptz keeps exactly: /learn remakes the same token.
  const madeAt = now;
  const token = feedToken(accountId, madeAt);
  await db()`insert into calendar_feeds (account_id, token_hash, created_at) values (${accountId}, ${sha256(token)}, ${madeAt})
             on conflict (account_id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at`;
  return { calendarUrl: feedUrl(token) };
}

type FeedRow = {
  id: string;
  kind: SessionKind;
  title: string;
  starts_at: Date;
  duration_minutes: number;
  venue: string | null;
  batch_name: string;
  faculty_name: string | null;
  created_at: Date;
  updated_at: Date;
  cancelled_at: Date | null;
};

/** The .ics text of the feed this token opens, or null (unknown or reset token). */
export async function calendarFeed(token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const sql = db();
  const [feed] = await sql<{ account_id: string }[]>`
    select f.account_id from calendar_feeds f join accounts a on a.id = f.account_id
    where f.token_hash = ${sha256(token)} and a.erased_at is null`;
  if (!feed) return null;
  // Sessions of the learner's batches; one cancelled in the last 30 days stays, marked, so calendars drop it.
  const sessions = await sql<FeedRow[]>`
    select s.id::text as id, s.kind, s.title, s.starts_at, s.duration_minutes, s.venue, b.name as batch_name,
           nullif(trim(f.first_name || ' ' || f.last_name), '') as faculty_name, s.created_at, s.updated_at, s.cancelled_at
    from batch_seats seat join batches b on b.id = seat.batch_id join class_sessions s on s.batch_id = b.id
    left join accounts f on f.id = s.faculty_id
    where seat.account_id = ${feed.account_id} and seat.status = 'taken'
      and (s.cancelled_at is null or s.cancelled_at > now() - interval '30 days')
    order by s.starts_at, s.id`;
  const learn = siteUrl('/learn');
  const calendar = ical({
    name: 'Aspira classes',
    prodId: { company: 'Aspira', product: 'classes', language: 'EN' },
    ttl: 60 * 60,
    // Times are written in UTC; calendar apps show them in India time by this hint.
    x: [['X-WR-TIMEZONE', 'Asia/Kolkata']],
  });
  for (const s of sessions) {
    const start = new Date(s.starts_at);
    const deadline = s.kind === 'deadline';
    calendar.createEvent({
      id: `class-session-${s.id}@aspira`,
      start,
      end: new Date(start.getTime() + (deadline ? 0 : s.duration_minutes) * 60_000),
      summary: deadline ? `Due: ${s.title}` : s.title,
      description: [
        `${SESSION_KIND_LABELS[s.kind]} of ${s.batch_name}`,
        s.faculty_name ? `Faculty: ${s.faculty_name}` : null,
        s.kind === 'live' ? `Join from Your classes, 15 minutes before the start: ${learn}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
      location: s.venue ?? (s.kind === 'live' ? 'Online' : null),
      url: learn,
      // Every edit moves updated_at: a later sequence tells calendars to replace the event.
      sequence: Math.max(0, Math.floor((new Date(s.updated_at).getTime() - new Date(s.created_at).getTime()) / 1000)),
      lastModified: new Date(s.updated_at),
      stamp: new Date(s.updated_at),
      status: s.cancelled_at ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
