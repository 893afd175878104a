/**
 * The accountant's CSV: one row per tax document in the period, invoices positive and credit
 * notes negative, with the tax split and the discount code of the invoice. Plain numbers in rupees
 * for spreadsheets.
 */
import type { MoneyFilter } from '../../../src/shared/money-view.ts';
import { toCsv, type Cell, db } from '../platform/index.ts';
import { listTaxRows } from './documents.ts';

export const CSV_HEADER = [
  'Kind',
  'Invoice number',
  'Date',
  'Buyer',
  'State',
  'GSTIN',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Total',
  'Against invoice',
  'Discount code',
] as const;

/** A number, not text: the spreadsheet sums it, and a minus sign is not taken for a formula. */
const rupees = (paise: number) => paise / 100;

export async function moneyCsv(filter: MoneyFilter): Promise<{ filename: string; body: string }> {
  const rows = await listTaxRows(filter);
  // A credit note shows the code of the invoice it reverses.
  const numbers = [...new Set(rows.map((r) => (r.kind === 'invoice' ? r.number : r.againstInvoice)).filter((n): n is string => !!n))];
  const sql = db();
  const coded = numbers.length
    ? await sql<{ number: string; discount_code: string }[]>`
        select number, discount_code from invoices where number in ${sql(numbers)} and discount_code is not null`
    : [];
  const codeOf = new Map(coded.map((c) => [c.number, c.discount_code]));
  const body = toCsv(
    CSV_HEADER,
    rows.map((r): Cell[] => {
      const sign = r.kind === 'credit-note' ? -1 : 1;
      return [
        r.kind === 'credit-note' ? 'Credit note' : 'Invoice',
        r.number,
        r.date,
        r.buyer,
        r.state ? `${r.state} (${r.stateCode})` : r.stateCode,
        r.gstin ?? '',
        rupees(sign * r.taxablePaise),
        rupees(sign * r.cgstPaise),
        rupees(sign * r.sgstPaise),
        rupees(sign * r.igstPaise),
        rupees(sign * r.totalPaise),
        r.againstInvoice ?? '',
        codeOf.get((r.kind === 'invoice' ? r.number : r.againstInvoice) ?? '') ?? '',
      ];
    }),
  );
  const period = [filter.from ?? 'start', filter.to ?? 'today'].join('_to_');
  return { filename: `aspira-tax-documents-${period}.csv`, body };
}
