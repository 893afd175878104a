/**
 * Reminders before a session (a scheduled run every 15 minutes): 'day' for a session starting in
 * 2 to 24 hours, 'hour' for one starting within the next 65 minutes (a deadline gets only the day
 * one). Each (session, learner, kind) at most once: the reminder row's key decides and its email
 * commits with it. Always the email; WhatsApp too to a proven number with consent (notify). Never
 * to an erased person or to one who withdrew every consent.
 */
import type { SessionKind } from '../../../src/shared/classes.ts';
import { notify } from '../messaging/index.ts';
import { db, log, siteUrl } from '../platform/index.ts';
import { classReminderEmail, sessionTime, type ReminderKind } from './emails.ts';

const HOUR_AHEAD_MINUTES = 65;
const DAY_FROM_HOURS = 2;
const DAY_TO_HOURS = 24;

type Candidate = {
  session_id: string;
  kind: SessionKind;
  title: string;
  starts_at: Date;
  duration_minutes: number;
  venue: string | null;
  batch_name: string;
  account_id: string;
  email: string;
  first_name: string;
};

export type ClassReminderRun = { sent: { sessionId: string; accountId: string; kind: ReminderKind }[]; skipped: number };

export function reminderKindFor(kind: SessionKind, startsAt: Date, now: Date): ReminderKind | null {
  const minutes = (startsAt.getTime() - now.getTime()) / 60_000;
  if (minutes <= 0) return null;
  if (minutes <= HOUR_AHEAD_MINUTES) return kind === 'deadline' ? null : 'hour';
  if (minutes > DAY_FROM_HOURS * 60 && minutes <= DAY_TO_HOURS * 60) return 'day';
  return null;
}

export async function sendClassReminders({ now = new Date() }: { now?: Date } = {}): Promise<ClassReminderRun> {
  const candidates = await db()<Candidate[]>`
    select s.id::text as session_id, s.kind, s.title, s.starts_at, s.duration_minutes, s.venue, b.name as batch_name,
           a.id as account_id, a.email, a.first_name
    from class_sessions s join batches b on b.id = s.batch_id
    join batch_seats seat on seat.batch_id = s.batch_id and seat.status = 'taken'
    join accounts a on a.id = seat.account_id
    where s.cancelled_at is null and s.starts_at > ${now} and s.starts_at <= ${now}::timestamptz + ${`${DAY_TO_HOURS} hours`}::interval
      and a.erased_at is null
      -- withdrew every consent given (DPDP Act s.6(4)): nothing more goes to them
      and not (exists (select 1 from consents c where c.email = a.email)
               and not exists (select 1 from consents c where c.email = a.email and c.withdrawn_at is null))
    order by s.starts_at, s.id, a.id`;
  const run: ClassReminderRun = { sent: [], skipped: 0 };
  for (const c of candidates) {
    const kind = reminderKindFor(c.kind, new Date(c.starts_at), now);
    if (!kind) continue;
    try {
      const sent = await db().begin(async (tx) => {
        const [fresh] = await tx`
          insert into class_reminders (session_id, account_id, kind, sent_at) values (${c.session_id}, ${c.account_id}, ${kind}, ${now})
          on conflict do nothing returning session_id`;
        if (!fresh) return false;
        const startsAt = new Date(c.starts_at);
        await notify(tx, {
          email: {
            to: c.email,
            ...classReminderEmail({
              firstName: c.first_name,
              kind,
              session: {
                kind: c.kind,
                title: c.title,
                startsAt,
                durationMinutes: c.duration_minutes,
                venue: c.venue,
                batchName: c.batch_name,
              },
            }),
            tag: `class-reminder-${kind}`,
          },
          template: 'class_reminder',
          variables: [c.first_name || 'there', c.title, `on ${sessionTime(startsAt)}`, siteUrl('/learn')],
        });
        return true;
      });
      if (sent) run.sent.push({ sessionId: c.session_id, accountId: c.account_id, kind });
      else run.skipped++;
    } catch (error) {
      log.error('class reminder failed', { sessionId: c.session_id, kind, error });
    }
  }
  log.info('class reminders', { sent: run.sent.length, skipped: run.skipped });
  return run;
}
