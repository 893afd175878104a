/** Class emails: a session changed or cancelled (to the whole batch), and the reminders before a session. */
import { SESSION_KIND_LABELS, type SessionKind } from '../../../src/shared/classes.ts';
import { receiptDateIst } from '../../../src/shared/dates.ts';
import { composeEmail, type EmailBlock, type EmailContent } from '../mail/index.ts';
import { siteUrl } from '../platform/index.ts';

export type SessionFacts = {
  kind: SessionKind;
  title: string;
  startsAt: Date;
  durationMinutes: number;
  venue: string | null;
  batchName: string;
};

/** "10 December 2026 at 6:30 pm IST" */
export const sessionTime = (at: Date) => receiptDateIst(at);

const learnLink = (): EmailBlock => ({ link: { label: 'Your classes', url: siteUrl('/learn') } });

function facts(s: SessionFacts): EmailBlock {
  const rows: [string, string][] = [
    ['Batch', s.batchName],
    ['Session', s.title],
    ['Kind', SESSION_KIND_LABELS[s.kind]],
    [s.kind === 'deadline' ? 'Due' : 'Starts', sessionTime(s.startsAt)],
  ];
  if (s.kind !== 'deadline') rows.push(['Duration', `${s.durationMinutes} minutes`]);
  if (s.venue) rows.push(['Venue', s.venue]);
  return { facts: rows };
}

const greeting = (firstName: string) => `Dear ${firstName || 'learner'},`;

export function sessionChangedEmail(input: { firstName: string; session: SessionFacts; before: SessionFacts }): EmailContent {
  const moved = input.before.startsAt.getTime() !== input.session.startsAt.getTime();
  const blocks: EmailBlock[] = [
    moved
      ? `"${input.before.title}" of ${input.session.batchName} has moved: it was on ${sessionTime(input.before.startsAt)}.`
      : `"${input.before.title}" of ${input.session.batchName} has changed. Here it is as it is now:`,
    facts(input.session),
    'Your calendar feed shows the change on its next refresh.',
    learnLink(),
  ];
  return composeEmail({
    subject: `Timetable change: ${input.session.title}, ${sessionTime(input.session.startsAt)}`.slice(0, 300),
    greeting: greeting(input.firstName),
    blocks,
    signOff: 'Aspira',
  });
}

export function sessionCancelledEmail(input: { firstName: string; session: SessionFacts }): EmailContent {
  return composeEmail({
    subject: `Cancelled: ${input.session.title}, ${sessionTime(input.session.startsAt)}`.slice(0, 300),
    greeting: greeting(input.firstName),
    blocks: [`This session of ${input.session.batchName} is cancelled:`, facts(input.session), learnLink()],
    signOff: 'Aspira',
  });
}

export type ReminderKind = 'day' | 'hour';

export function classReminderEmail(input: { firstName: string; kind: ReminderKind; session: SessionFacts }): EmailContent {
  const when = input.kind === 'hour' ? 'in about an hour' : `on ${sessionTime(input.session.startsAt)}`;
  const opening =
    input.session.kind === 'deadline'
      ? `A reminder: "${input.session.title}" is due ${when}.`
      : input.session.kind === 'live'
        ? `A reminder: your live class "${input.session.title}" starts ${when}. The Join button on Your classes opens 15 minutes before it starts.`
        : `A reminder: your class "${input.session.title}" starts ${when}. Check in with the QR code shown in the classroom.`;
  return composeEmail({
    subject: `Reminder: ${input.session.title}, ${sessionTime(input.session.startsAt)}`.slice(0, 300),
    greeting: greeting(input.firstName),
    blocks: [opening, facts(input.session), learnLink()],
    signOff: 'Aspira',
  });
}
