import { describe, expect, it } from 'vitest';
import { amountToCharge, creditLines, creditNoteNumber, financialYear, invoiceNumber, splitTax } from './tax.ts';

describe('GST split in paise', () => {
  it('intra-state: CGST + SGST, the odd paisa to SGST, lines add up to what was paid', () => {
    expect(splitTax(24_900_000, 18, true)).toEqual({ taxablePaise: 21_101_695, cgstPaise: 1_899_152, sgstPaise: 1_899_153, igstPaise: 0 });
  });

  it('inter-state: IGST only', () => {
    expect(splitTax(850_000, 18, false)).toEqual({ taxablePaise: 720_339, cgstPaise: 0, sgstPaise: 0, igstPaise: 129_661 });
  });

  it('every amount from 1 paisa to ₹1,000 splits into lines that add up exactly and stay within a paisa of 18%', () => {
    for (let total = 1; total <= 100_000; total += 7) {
      for (const intra of [true, false]) {
        const l = splitTax(total, 18, intra);
        expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(total);
        expect(Math.abs(l.taxablePaise * 0.18 - (total - l.taxablePaise))).toBeLessThanOrEqual(1);
      }
    }
  });

  it('prices without GST are charged list + 18%, which splits back into the list price', () => {
    expect(amountToCharge(100_000, { pricesIncludeGst: true, gstRatePercent: 18 })).toBe(100_000);
    const charged = amountToCharge(100_000, { pricesIncludeGst: false, gstRatePercent: 18 });
    expect(charged).toBe(118_000);
    expect(splitTax(charged, 18, false).taxablePaise).toBe(100_000);
  });
});

describe('credit note lines', () => {
  it('crediting everything left takes exactly the remaining lines; parts never exceed a line', () => {
    const invoice = splitTax(24_900_000, 18, true);
    const part = creditLines(1_000_001, invoice, 18);
    expect(part.taxablePaise + part.cgstPaise + part.sgstPaise + part.igstPaise).toBe(1_000_001);
    const left = {
      taxablePaise: invoice.taxablePaise - part.taxablePaise,
      cgstPaise: invoice.cgstPaise - part.cgstPaise,
      sgstPaise: invoice.sgstPaise - part.sgstPaise,
      igstPaise: 0,
    };
    expect(creditLines(24_900_000 - 1_000_001, left, 18)).toEqual(left);
    expect(() => creditLines(24_900_000, left, 18)).toThrow(/exceeds/);
  });
});

describe('financial year and numbers', () => {
  it('31 March 23:59:59 IST is the old year, 1 April 00:00 IST the new one', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('26-27');
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('27-28');
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('26-27');
    expect(financialYear(new Date('2100-01-15T00:00:00Z'))).toBe('99-00');
  });

  it('numbers are at most 16 characters', () => {
    expect(invoiceNumber('ASP', '26-27', 123)).toBe('ASP/26-27/000123');
    expect(invoiceNumber('ASP', '26-27', 999_999)).toHaveLength(16);
    expect(creditNoteNumber('ASP', '26-27', 1)).toBe('ASPC/26-27/00001');
    expect(creditNoteNumber('ASP', '26-27', 99_999)).toHaveLength(16);
  });
});
