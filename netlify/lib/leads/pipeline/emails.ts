/** The counsellor's daily digest: their overdue follow-ups, with a link to their queue. */
import { composeEmail, type EmailContent } from '../../mail/index.ts';
import { greetingName } from '../../outbox/index.ts';
import { siteUrl } from '../../platform/index.ts';
import { dateTimeIst } from '../../../../src/shared/dates.ts';

export type OverdueLead = { name: string; kind: string; phone: string; dueAt: Date };

export function counsellorDigestEmail(firstName: string, leads: OverdueLead[]): EmailContent {
  const count = leads.length === 1 ? '1 follow-up is' : `${leads.length} follow-ups are`;
  return composeEmail({
    subject: `Aspira: ${count.replace(/ (is|are)$/, '')} overdue`,
    greeting: `Hello ${greetingName(firstName)},`,
    blocks: [
      `${count} overdue in your queue:`,
      {
        list: leads.map((l) => `${l.name || '(no name)'} (${l.kind}${l.phone ? `, ${l.phone}` : ''}): due ${dateTimeIst.format(l.dueAt)}`),
      },
      { link: { label: 'Open my leads', url: siteUrl('/admin/queue') } },
    ],
    signOff: 'The Aspira website',
    footer: 'You receive this email because you own leads on the Aspira admin. It is sent at most once a day.',
  });
}
