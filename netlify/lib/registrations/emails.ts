/**
 * Registration emails: the one-time code of the email check (a secret: sent with secret: true)
 * and the receipt for the registration fee, linking its tax invoice.
 */
import { receiptDateIst } from '../../../src/shared/dates.ts';
import { formatPaise } from '../../../src/shared/money.ts';
import { discountFacts, invoiceBlocks, type InvoiceLink } from '../invoices/index.ts';
import { composeEmail, type EmailContent } from '../mail/index.ts';
import { siteUrl } from '../platform/index.ts';

export function otpEmail(input: { code: string; ttlMinutes: number }): EmailContent {
  return composeEmail({
    subject: 'Your Aspira verification code',
    greeting: 'Hello,',
    blocks: [
      `Your Aspira verification code is ${input.code}.`,
      `Enter it on the registration page within ${input.ttlMinutes} minutes. It works once.`,
      'If you did not ask for this code, you can ignore this email.',
    ],
  });
}

export function registrationReceiptEmail(input: {
  name: string;
  programName: string;
  amountPaise: number;
  paymentId: string;
  paidAt: Date;
  invoice: InvoiceLink | null;
}): EmailContent {
  return composeEmail({
    subject: 'Your Aspira registration payment receipt',
    greeting: `Dear ${input.name},`,
    blocks: [
      'Thank you for registering with Aspira. We have received your payment.',
      {
        facts: [
          ['Programme', input.programName],
          ...discountFacts(input.invoice),
          ['Amount paid', formatPaise(input.amountPaise)],
          ['Payment ID', input.paymentId],
          ...(input.invoice ? ([['Invoice', input.invoice.number]] as [string, string][]) : []),
          ['Date', receiptDateIst(input.paidAt)],
        ],
      },
      ...invoiceBlocks(input.invoice),
      { link: { label: 'See your application', url: siteUrl('/applications') } },
      'Keep this email as your receipt. A confirmation email with your next steps will reach you within 48 hours.',
    ],
    signOff: 'Aspira',
  });
}
