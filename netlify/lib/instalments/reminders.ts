/**
 * Reminders for unpaid parts of active enrolments, by IST calendar day: 'upcoming' 1-7 days
 * before the due date, 'due' on it and up to 2 days after, 'overdue' from 3 days after. Each
 * (part, kind) at most once ever: the reminder row's key decides, and its email commits with it.
 * A late run sends only the kind of today (never all three at once); a paid part gets none.
 */
import { daysBetween, istDay } from '../../../src/shared/instalments.ts';
import { db, log, siteUrl } from '../platform/index.ts';
import { notify } from '../messaging/index.ts';
import { formatPaise } from '../../../src/shared/money.ts';
import { instalmentReminderEmail, type ReminderKind } from './emails.ts';

export function reminderKind(today: string, dueOn: string): ReminderKind | null {
  const before = daysBetween(today, dueOn);
  if (before >= 1 && before <= 7) return 'upcoming';
  if (before <= 0 && before >= -2) return 'due';
  if (before <= -3) return 'overdue';
  return null;
}

type Candidate = {
  id: string;
  due_on: string;
  label: string;
  amount_paise: string;
  email: string;
  plan_name: string;
  first_name: string | null;
};

const dueDate = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

export type ReminderRun = { today: string; sent: { partId: string; kind: ReminderKind; email: string; dueOn: string }[]; skipped: number };

export async function sendInstalmentReminders({ now = new Date() }: { now?: Date } = {}): Promise<ReminderRun> {
  const today = istDay(now);
  const candidates = await db()<Candidate[]>`
    select p.id::text as id, to_char(p.due_on, 'YYYY-MM-DD') as due_on, p.label, p.amount_paise, e.email, pl.name as plan_name, a.first_name
    from enrolment_parts p join plan_enrolments e on e.id = p.enrolment_id join instalment_plans pl on pl.id = e.plan_id
    left join accounts a on a.id = e.account_id
    where p.status = 'due' and p.amount_paise > 0 and e.status = 'active' and p.due_on <= ${today}::date + 7
      and a.erased_at is null -- an erased account gets no more email
    order by p.due_on, p.id`;
  const run: ReminderRun = { today, sent: [], skipped: 0 };
  for (const part of candidates) {
    const kind = reminderKind(today, part.due_on);
    if (!kind) continue;
    try {
      const sent = await db().begin(async (tx) => {
        // The part's row lock: a payment recorded meanwhile is seen here, and no reminder follows it.
        const [still] = await tx`select 1 from enrolment_parts where id = ${part.id} and status = 'due' for update`;
        if (!still) return false;
        const [fresh] = await tx`
          insert into instalment_reminders (part_id, kind, sent_at) values (${part.id}, ${kind}, ${now})
          on conflict do nothing returning part_id`;
        if (!fresh) return false;
        // Always the email, and by WhatsApp too (with the pay link) to a person with a proven number.
        await notify(tx, {
          email: {
            to: part.email,
            ...instalmentReminderEmail({
              firstName: part.first_name ?? '',
              kind,
              planName: part.plan_name,
              partLabel: part.label,
              amountPaise: Number(part.amount_paise),
              dueOn: part.due_on,
            }),
            tag: `instalment-reminder-${kind}`,
          },
          template: kind === 'overdue' ? 'fee_part_overdue' : 'fee_part_due',
          variables: [part.first_name || 'there', formatPaise(Number(part.amount_paise)), dueDate(part.due_on), siteUrl('/instalments')],
        });
        return true;
      });
      if (sent) run.sent.push({ partId: part.id, kind, email: part.email, dueOn: part.due_on });
      else run.skipped++;
    } catch (error) {
      log.error('instalment reminder failed', { partId: part.id, kind, error });
    }
  }
  log.info('instalment reminders', { today, sent: run.sent.length, skipped: run.skipped });
  return run;
}
