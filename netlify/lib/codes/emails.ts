/** Code emails: a scholarship code issued to one applicant, with the links that apply it. */
import { composeEmail, type EmailContent } from '../mail/index.ts';
import { siteUrl } from '../platform/index.ts';

export function codeIssuedEmail(input: {
  name: string;
  code: string;
  value: string;
  description: string;
  validUntil: string | null;
  links: { label: string; path: string }[];
}): EmailContent {
  return composeEmail({
    subject: 'Your Aspira scholarship code',
    greeting: `Dear ${input.name},`,
    blocks: [
      `Congratulations: Aspira has awarded you a scholarship. Enter your code at checkout, or open a link below and it is applied for you.`,
      {
        facts: [
          ['Code', input.code],
          ['Value', input.value],
          ...(input.description ? ([['For', input.description]] as [string, string][]) : []),
          ...(input.validUntil ? ([['Valid until', input.validUntil]] as [string, string][]) : []),
        ],
      },
      ...input.links.map((link) => ({ link: { label: link.label, url: siteUrl(link.path) } })),
      'This code is for you only: it works with this email address.',
    ],
    withSupport: true,
  });
}
