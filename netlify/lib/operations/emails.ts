/** The owners' alert email (docs/product.md, Operations): what went wrong, and where to look. */
import { composeEmail, type EmailContent } from '../mail/index.ts';
import { siteUrl } from '../platform/index.ts';

export type AlertLine = { title: string; firstSeenAt: Date };

/** One email per check that found a problem to tell about: the new ones first, then any others still open. */
export function operationsAlertEmail(due: AlertLine[], stillOpen: AlertLine[]): EmailContent {
  const subject = due.length === 1 ? `Aspira alert: ${due[0]!.title}` : `Aspira alert: ${due.length} problems need a look`;
  return composeEmail({
    subject: subject.length > 200 ? `${subject.slice(0, 197)}...` : subject,
    greeting: 'Hello,',
    blocks: [
      due.length === 1 ? 'Something on the website needs a look:' : 'Some things on the website need a look:',
      { list: due.map((a) => a.title) },
      ...(stillOpen.length ? ['Still open from before:', { list: stillOpen.map((a) => a.title) }] : []),
      { link: { label: 'Open the operations screen', url: siteUrl('/admin/operations') } },
    ],
    signOff: 'The Aspira website',
    footer:
      'You receive this email because you are an owner on the Aspira admin. The same problem is emailed at most once an hour while it lasts.',
  });
}
