/** The wording of the privacy-rights emails (DPDP Act): the confirmation that data was erased. */
import { composeEmail, type EmailContent } from '../mail/index.ts';
import { siteUrl } from '../platform/index.ts';

export function erasureConfirmationEmail({ hadAccount }: { hadAccount: boolean }): EmailContent {
  return composeEmail({
    subject: hadAccount ? 'Your Aspira account has been deleted' : 'Your personal data at Aspira has been deleted',
    greeting: 'Hello,',
    blocks: [
      hadAccount
        ? 'As you asked, we have deleted your Aspira account and erased the personal data we held about you: your enquiries, applications, registrations, consents and the emails we sent you. You have been logged out everywhere.'
        : 'As you asked, we have erased the personal data we held about you: your enquiries, applications, registrations, consents and the emails we sent you.',
      'We keep only what tax law requires: the records of payments you made (amount, date, payment id and the name on them), for invoices and accounts.',
      'If you did not ask for this, contact us at once.',
      { link: { label: 'Read our Privacy Policy', url: siteUrl('/privacy') } },
    ],
    withSupport: true,
    footer:
      'You receive this email because personal data linked to this address was erased at your request (Digital Personal Data Protection Act, 2023).',
  });
}

/** The link that proves a privacy request comes from the inbox it names. */
export function rightsRequestEmail(input: {
  what: string;
  link: string;
  hours: number;
  keptDays: number;
  answerDays: number;
}): EmailContent {
  const { what, link, hours, keptDays, answerDays } = input;
  return composeEmail({
    subject: 'Confirm your privacy request to Aspira',
    greeting: 'Hello,',
    blocks: [
      `Someone asked Aspira for this: "${what}", for this email address. If it was you, confirm it with the link below (it works for ${hours} hours). We answer within ${answerDays} days of your confirmation.`,
      { link: { label: 'Confirm my request', url: link } },
      `If you did not ask, ignore this email: nothing will happen, and we delete it after ${keptDays} days.`,
    ],
    withSupport: true,
  });
}

/** Tells the team a confirmed privacy request is waiting (no address in it: the queue has it). */
export function rightsWaitingEmail({ what, due }: { what: string; due: string }): EmailContent {
  return composeEmail({
    subject: 'A privacy request is waiting',
    greeting: 'Hello,',
    blocks: [
      `A person confirmed a privacy request ("${what}"). Answer it by ${due}.`,
      { link: { label: 'Open the queue', url: siteUrl('/admin/privacy') } },
    ],
  });
}
