/**
 * The learner's refund email: sent once, when the gateway confirms the refund, with the credit
 * note (the tax document that reverses the invoice) when there is one.
 */
import { formatPaise } from '../../../../src/shared/money.ts';
import { composeEmail, type EmailBlock, type EmailContent } from '../../mail/index.ts';
import type { PurposeWording } from '../purpose.ts';

export type RefundEmailInput = {
  name: string;
  /** The course title, the programme of the registration fee, or the plan and part. */
  item: string;
  /** The purpose's words (its definition). */
  wording: PurposeWording;
  amountPaise: number;
  paidPaise: number;
  /** True when nothing of the payment is left. */
  full: boolean;
  paymentId: string;
  refundId: string;
  creditNote: { number: string; url: string } | null;
};

export function refundProcessedEmail(input: RefundEmailInput): EmailContent {
  const what = input.wording.refunded(input.item);
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
  if (input.full && input.wording.afterFullRefund) blocks.push(...input.wording.afterFullRefund(input.item));
  return composeEmail({
    subject: `Your Aspira refund: ${formatPaise(input.amountPaise)}`,
    greeting: `Dear ${input.name || 'learner'},`,
    blocks,
    withSupport: true,
  });
}

/** What a capture refused for its code paid for (the domain's words for the email). */
export type CodeRefundInput = {
  name: string;
  /** The course title, the programme of the registration fee, or the plan and part. */
  item: string;
  wording: PurposeWording;
  code: string;
  amountPaise: number;
  paymentId: string;
};

const CODE_NOT_HELD = "the code's use was no longer held for this order";

/**
 * At the capture: the order's code use was gone (another checkout or buyer took it), so the
 * payment does not buy the item and is refunded in full; the next email confirms the refund.
 */
export function codeNotHeldEmail(input: CodeRefundInput): EmailContent {
  return composeEmail({
    subject: `Your Aspira payment will be refunded: code ${input.code}`,
    greeting: `Dear ${input.name || 'learner'},`,
    blocks: [
      `We received ${input.wording.paidFor(input.item)} at the price with the code ${input.code}, but ${CODE_NOT_HELD} (it was used up meanwhile), so we are refunding your payment in full. A second email confirms the refund.`,
      {
        facts: [
          ['Code', input.code],
          ['Amount paid', formatPaise(input.amountPaise)],
          ['Payment ID', input.paymentId],
        ],
      },
      'You can still buy it without the code, or with another code.',
    ],
    withSupport: true,
  });
}

/** Once the gateway took the refund of a capture refused for its code. */
export function codeRefundedEmail(input: CodeRefundInput & { refundId: string }): EmailContent {
  return composeEmail({
    subject: `Your Aspira refund: ${formatPaise(input.amountPaise)}`,
    greeting: `Dear ${input.name || 'learner'},`,
    blocks: [
      `You paid ${input.wording.paid(input.item)} with the code ${input.code}, but ${CODE_NOT_HELD}, so we refunded your payment in full.`,
      {
        facts: [
          ['Amount refunded', formatPaise(input.amountPaise)],
          ['Payment ID', input.paymentId],
          ['Refund ID', input.refundId],
        ],
      },
      'Your bank usually shows the refund within 5-7 working days.',
    ],
    withSupport: true,
  });
}
