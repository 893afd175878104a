/**
 * What every receipt says about its tax invoice: the price and discount before "Amount paid",
 * and the invoice's number and download link.
 */
import { formatPaise } from '../../../src/shared/money.ts';
import type { EmailBlock } from '../mail/index.ts';

export type InvoiceLink = { number: string; pdfUrl: string; discount?: { code: string; listPaise: number; discountPaise: number } | null };

/** The price and the code's discount before "Amount paid", when a code was applied. */
export function discountFacts(invoice: InvoiceLink | null): [string, string][] {
  const d = invoice?.discount;
  if (!d) return [];
  return [
    ['Price', formatPaise(d.listPaise)],
    [`Discount (${d.code})`, `−${formatPaise(d.discountPaise)}`],
  ];
}

export function invoiceBlocks(invoice: InvoiceLink | null): EmailBlock[] {
  if (!invoice) return [];
  return [
    `Your GST tax invoice ${invoice.number} is ready to download.`,
    { link: { label: 'Download your tax invoice (PDF)', url: invoice.pdfUrl } },
  ];
}
