/**
 * What happened to the emails to a person (the person page's timeline): each email's outcome
 * (sent, failed, not sent because the address bounced) and each bounce of their addresses, with
 * the right address a counsellor recorded or the clear that lifted it, and which emails were not
 * written to that address because it is not proven.
 */
import { BOUNCE_REASONS, type EmailBounceDto } from '../../../../src/shared/operations.ts';
import { emailsTo, HELD_BACK_REASON } from '../../outbox/index.ts';
import type { TimelineEntry } from '../../../../src/shared/persons.ts';
import type { Tx } from '../../platform/index.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const EMAIL_STATUS: Record<string, string> = { sent: 'sent', failed: 'failed', suppressed: 'not sent (address bounced)' };

/** Emails to any of the person's addresses: subject, tag, outcome and time only. */
export async function emailEntries(tx: Tx, emails: string[]): Promise<TimelineEntry[]> {
  if (emails.length === 0) return [];
  const rows = await emailsTo(tx, emails);
  return rows.map((r) => ({
    at: iso(r.sent_at ?? r.created_at),
    kind: 'email',
    title: `Email ${EMAIL_STATUS[r.status] ?? 'queued'}: ${r.subject}`,
    detail: r.held ? `${r.tag} · ${HELD_BACK_REASON}` : r.tag,
  }));
}

/** A bounce, and what was done about it. */
export function bounceEntries(bounces: EmailBounceDto[]): TimelineEntry[] {
  return bounces.flatMap((b): TimelineEntry[] => [
    {
      at: b.bouncedAt,
      kind: 'bounce',
      title: `Email bounced: ${b.address} (${BOUNCE_REASONS[b.reason]})`,
      ...(b.detail ? { detail: b.detail } : {}),
    },
    ...(b.correctedAt ? [{ at: b.correctedAt, kind: 'bounce' as const, title: `Right address recorded: ${b.correctedTo}` }] : []),
    ...(b.clearedAt ? [{ at: b.clearedAt, kind: 'bounce' as const, title: `Bounce cleared: emails go to ${b.address} again` }] : []),
  ]);
}
