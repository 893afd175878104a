/**
 * Fee plan emails: the receipt of a paid part (with what is still due), the second payment for
 * a part already paid (and its refund), and the reminders before, on and after a due date.
 */
import { dateIst } from '../../../src/shared/dates.ts';
import { formatPaise } from '../../../src/shared/money.ts';
import type { InvoiceLink } from '../invoices/index.ts';
import { composeEmail, type EmailBlock, type EmailContent } from '../mail/index.ts';
import { siteUrl } from '../platform/index.ts';

export type StillDue = { label: string; dueOn: string; amountPaise: number };

/** "2026-12-23" (an IST calendar day) as "23 Dec 2026". */
export const dueDay = (day: string) => dateIst.format(new Date(`${day}T12:00:00+05:30`));

const plansLink = (): EmailBlock => ({ link: { label: 'Your fee plans', url: siteUrl('/instalments') } });

export function instalmentReceiptEmail(input: {
  firstName: string;
  planName: string;
  partLabel: string;
  amountPaise: number;
  discount: { code: string; discountPaise: number } | null;
  paymentId: string;
  invoice: InvoiceLink | null;
  stillDue: StillDue[];
}): EmailContent {
  const blocks: EmailBlock[] = [
    `Thank you: we have received ${input.partLabel.toLowerCase()} of ${input.planName}.`,
    {
      facts: [
        ['Plan', input.planName],
        ['Part', input.partLabel],
        ['Amount paid', formatPaise(input.amountPaise)],
        ...(input.discount
          ? ([['Code', `${input.discount.code} (${formatPaise(input.discount.discountPaise)} off)`]] as [string, string][])
          : []),
        ['Payment ID', input.paymentId],
        ...(input.invoice ? ([['Invoice', input.invoice.number]] as [string, string][]) : []),
      ],
    },
  ];
  if (input.invoice) blocks.push({ link: { label: 'Download your tax invoice (PDF)', url: input.invoice.pdfUrl } });
  if (input.stillDue.length === 0) blocks.push('Every part of this plan is now paid: your plan is complete.');
  else {
    blocks.push('Still due on this plan:');
    blocks.push({ list: input.stillDue.map((p) => `${p.label}: ${formatPaise(p.amountPaise)}, due ${dueDay(p.dueOn)}`) });
  }
  blocks.push(plansLink());
  return composeEmail({
    subject: `Your Aspira receipt: ${input.planName}, ${input.partLabel}`.slice(0, 300),
    greeting: `Dear ${input.firstName || 'learner'},`,
    blocks,
    signOff: 'Aspira',
  });
}

export function instalmentDuplicatePaymentEmail(input: {
  firstName: string;
  planName: string;
  partLabel: string;
  amountPaise: number;
  paymentId: string;
}): EmailContent {
  return composeEmail({
    subject: 'Your second payment for a fee plan part will be refunded',
    greeting: `Dear ${input.firstName || 'learner'},`,
    blocks: [
      `${input.partLabel} of ${input.planName} was already paid, so we are refunding this second payment in full. A second email confirms the refund.`,
      {
        facts: [
          ['Amount paid', formatPaise(input.amountPaise)],
          ['Payment ID', input.paymentId],
        ],
      },
      plansLink(),
    ],
    signOff: 'Aspira',
  });
}

export function instalmentDuplicateRefundedEmail(input: {
  planName: string;
  partLabel: string;
  amountPaise: number;
  paymentId: string;
  refundId: string;
}): EmailContent {
  return composeEmail({
    subject: 'Your second payment for a fee plan part was refunded',
    greeting: 'Hello,',
    blocks: [
      `${input.partLabel} of ${input.planName} was already paid, so we have refunded your second payment in full.`,
      {
        facts: [
          ['Amount refunded', formatPaise(input.amountPaise)],
          ['Payment ID', input.paymentId],
          ['Refund ID', input.refundId],
        ],
      },
      'Your bank usually shows the refund within 5-7 working days.',
    ],
    signOff: 'Aspira',
  });
}

export type ReminderKind = 'upcoming' | 'due' | 'overdue';

export function instalmentReminderEmail(input: {
  firstName: string;
  kind: ReminderKind;
  planName: string;
  partLabel: string;
  amountPaise: number;
  dueOn: string;
}): EmailContent {
  const when = dueDay(input.dueOn);
  const subject = {
    upcoming: `Reminder: ${input.partLabel} of your Aspira fee plan is due on ${when}`,
    due: `${input.partLabel} of your Aspira fee plan is due (${when})`,
    overdue: `Overdue: ${input.partLabel} of your Aspira fee plan was due on ${when}`,
  }[input.kind];
  const lead = {
    upcoming: `${input.partLabel} of ${input.planName} is due on ${when}.`,
    due: `${input.partLabel} of ${input.planName} is due now (due date ${when}).`,
    overdue: `${input.partLabel} of ${input.planName} was due on ${when} and is not paid yet. Please pay it as soon as you can, or reply to this email if you need help.`,
  }[input.kind];
  return composeEmail({
    subject: subject.slice(0, 300),
    greeting: `Dear ${input.firstName || 'learner'},`,
    blocks: [
      lead,
      {
        facts: [
          ['Plan', input.planName],
          ['Part', input.partLabel],
          ['Amount', formatPaise(input.amountPaise)],
          ['Due date', when],
        ],
      },
      { link: { label: 'Pay now in your fee plans', url: siteUrl('/instalments') } },
      'If you have paid already, thank you: please ignore this email.',
    ],
    footer: 'You receive this email because you are enrolled in an Aspira fee plan.',
    withSupport: true,
  });
}
