/**
 * GST arithmetic in integer paise, and the financial year of a date. Pure functions.
 *
 * Rounding rule (one rule for every document):
 * - prices include GST: taxable = round(total * 100 / (100 + rate)), tax = total - taxable
 *   (so taxable + tax is always exactly what was paid);
 * - prices exclude GST: the buyer pays list + round(list * rate / 100) (see `amountToCharge`),
 *   which the first rule then splits back into the same list price and tax;
 * - within the supplier's state: CGST = floor(tax / 2), SGST = tax - CGST (SGST takes the odd
 *   paisa); across states: IGST = tax.
 * round() is half-up; with an 18% rate total*100/118 is never exactly half a paisa.
 */

export type TaxLines = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };

/** What the buyer is charged for a listed price. */
export function amountToCharge(listPaise: number, setting: { pricesIncludeGst: boolean; gstRatePercent: number }): number {
  return setting.pricesIncludeGst ? listPaise : listPaise + Math.round((listPaise * setting.gstRatePercent) / 100);
}

/** Splits an amount paid (GST included) into taxable value and CGST+SGST or IGST. */
export function splitTax(totalPaise: number, ratePercent: number, intraState: boolean): TaxLines {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new Error('amounts are integer paise');
  const taxablePaise = Math.round((totalPaise * 100) / (100 + ratePercent));
  const tax = totalPaise - taxablePaise;
  if (!intraState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgstPaise = Math.floor(tax / 2);
  return { taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0 };
}

/**
 * The lines of a credit note for `amountPaise` out of what is left of an invoice. Crediting all
 * that is left takes exactly the remaining lines (the invoice then nets to zero); a part is split
 * by the rule above, each line kept within what remains of it.
 */
export function creditLines(amountPaise: number, remaining: TaxLines, ratePercent: number): TaxLines {
  const left = remaining.taxablePaise + remaining.cgstPaise + remaining.sgstPaise + remaining.igstPaise;
  if (amountPaise > left) throw new Error('credit exceeds what is left of the invoice');
  if (amountPaise === left) {
    const { taxablePaise, cgstPaise, sgstPaise, igstPaise } = remaining;
    return { taxablePaise, cgstPaise, sgstPaise, igstPaise };
  }
  const split = splitTax(amountPaise, ratePercent, remaining.igstPaise === 0);
  const cgstPaise = Math.min(split.cgstPaise, remaining.cgstPaise);
  const sgstPaise = Math.min(split.sgstPaise, remaining.sgstPaise);
  const igstPaise = Math.min(split.igstPaise, remaining.igstPaise);
  let taxablePaise = amountPaise - cgstPaise - sgstPaise - igstPaise;
  if (taxablePaise <= remaining.taxablePaise) return { taxablePaise, cgstPaise, sgstPaise, igstPaise };
  // Only after earlier rounding ate the taxable value: the excess goes to the tax lines.
  let excess = taxablePaise - remaining.taxablePaise;
  taxablePaise = remaining.taxablePaise;
  const lines = { taxablePaise, cgstPaise, sgstPaise, igstPaise };
  for (const key of ['igstPaise', 'cgstPaise', 'sgstPaise'] as const) {
    const room = remaining[key] - lines[key];
    const take = Math.min(room, excess);
    lines[key] += take;
    excess -= take;
  }
  return lines;
}

const istParts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in India (IST) as YYYY-MM-DD. */
export function istDate(at: Date): string {
  return istParts.format(at);
}

/** The Indian financial year (1 April to 31 March, IST) of a moment, e.g. '26-27'. */
export function financialYear(at: Date): string {
  const [year, month] = istDate(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

/** `ASP/26-27/000123`: 16 characters with a 3-letter prefix (the settings allow at most 3). */
export function invoiceNumber(prefix: string, fy: string, sequence: number): string {
  return `${prefix}/${fy}/${String(sequence).padStart(6, '0')}`;
}

/** `ASPC/26-27/00001`: the prefix and C (credit note), 16 characters. */
export function creditNoteNumber(prefix: string, fy: string, sequence: number): string {
  return `${prefix}C/${fy}/${String(sequence).padStart(5, '0')}`;
}
