/**
 * The learner's refund email: sent once, when the gateway confirms the refund, with the credit
 * note (the tax document that reverses the invoice) when there is one.
 */
import { formatPaise } from '../../../../src/shared/money.ts';
import { composeEmail, type EmailBlock, type EmailContent } from '../../mail/index.ts';
import { siteUrl } from '../../platform/index.ts';

export type RefundEmailInput = {
  name: string;
  /** The course title, the programme of the registration fee, or the plan and part. */
  item: string;
  kind: 'course' | 'registration' | 'instalment';
  amountPaise: number;
  paidPaise: number;
  /** True when nothing of the payment is left. */
  full: boolean;
  paymentId: string;
  refundId: string;
  creditNote: { number: string; url: string } | null;
};

export function refundProcessedEmail(input: RefundEmailInput): EmailContent {
  const what =
    input.kind === 'course'
      ? `your purchase of ${input.item}`
      : input.kind === 'instalment'
        ? `your payment for ${input.item}`
        : `your registration fee for ${input.item}`;
  const blocks: EmailBlock[] = [
    input.full
      ? `We have refunded ${what} in full.`
      : `We have refunded ${formatPaise(input.amountPaise)} of ${what} (${formatPaise(input.paidPaise)} paid).`,
    {
      facts: [
        ['Amount refunded', formatPaise(input.amountPaise)],
        ['Payment ID', input.paymentId],
        ['Refund ID', input.refundId],
        ...(input.creditNote ? ([['Credit note', input.creditNote.number]] as [string, string][]) : []),
      ],
    },
    'Your bank usually shows the refund within 5-7 working days.',
  ];
  if (input.creditNote) blocks.push({ link: { label: 'Download your credit note', url: input.creditNote.url } });
  if (input.kind === 'course' && input.full) {
    blocks.push(`${input.item} is no longer in your purchases. You can buy it again at any time.`);
    blocks.push({ link: { label: 'Your purchases', url: siteUrl('/purchases') } });
  }
  return composeEmail({
    subject: `Your Aspira refund: ${formatPaise(input.amountPaise)}`,
    greeting: `Dear ${input.name || 'learner'},`,
    blocks,
    withSupport: true,
  });
}
