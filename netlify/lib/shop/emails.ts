/**
 * Course purchase emails: the receipt (linking its tax invoice PDF), and the emails about a second payment for a course already owned. Amounts are
 * integer paise, formatted by the site's one formatter.
 */
import { receiptDateIst } from '../../../src/shared/dates.ts';
import { formatPaise } from '../../../src/shared/money.ts';
import { discountFacts, invoiceBlocks, type InvoiceLink } from '../invoices/index.ts';
import { composeEmail, type EmailContent } from '../mail/index.ts';
import { siteUrl } from '../platform/index.ts';

export function courseReceiptEmail(input: {
  firstName: string;
  title: string;
  amountPaise: number;
  orderId: string;
  paymentId: string;
  paidAt: Date;
  invoice: InvoiceLink | null;
}): EmailContent {
  return composeEmail({
    subject: `Your Aspira receipt: ${input.title}`.slice(0, 300),
    greeting: `Dear ${input.firstName || 'learner'},`,
    blocks: [
      `Thank you for buying ${input.title}. We have received your payment.`,
      {
        facts: [
          ['Course', input.title],
          ...discountFacts(input.invoice),
          ['Amount paid', formatPaise(input.amountPaise)],
          ['Order ID', input.orderId],
          ['Payment ID', input.paymentId],
          ...(input.invoice ? ([['Invoice', input.invoice.number]] as [string, string][]) : []),
          ['Date', receiptDateIst(input.paidAt)],
        ],
      },
      ...invoiceBlocks(input.invoice),
      { link: { label: 'Your course is in your purchases', url: siteUrl('/purchases') } },
      'Keep this email as your receipt. Refunds follow our 7-day refund policy.',
    ],
    signOff: 'Aspira',
  });
}

/** A second payment for a course the learner already owns: it is refunded (see the next email). */
export function courseDuplicatePaymentEmail(input: {
  firstName: string;
  title: string;
  amountPaise: number;
  orderId: string;
  paymentId: string;
  paidAt: Date;
}): EmailContent {
  return composeEmail({
    subject: 'Your second payment for an Aspira course will be refunded',
    greeting: `Dear ${input.firstName || 'learner'},`,
    blocks: [
      `You already own ${input.title}, so we are refunding this second payment in full. A second email confirms the refund.`,
      {
        facts: [
          ['Course', input.title],
          ['Amount paid', formatPaise(input.amountPaise)],
          ['Order ID', input.orderId],
          ['Payment ID', input.paymentId],
          ['Date', receiptDateIst(input.paidAt)],
        ],
      },
      { link: { label: 'Your purchases', url: siteUrl('/purchases') } },
    ],
    signOff: 'Aspira',
  });
}

export function courseDuplicateRefundedEmail(input: {
  title: string;
  amountPaise: number;
  paymentId: string;
  refundId: string;
}): EmailContent {
  return composeEmail({
    subject: 'Your second payment for an Aspira course was refunded',
    greeting: 'Hello,',
    blocks: [
      `You already owned ${input.title}, so we have refunded your second payment in full.`,
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
