/**
 * Invoices keep every character: the rupee sign and buyers' names in Indian scripts are drawn with
 * fonts that have them and read back from the PDF as the very characters the buyer typed.
 */
import { describe, expect, it } from 'vitest';
import { gstinCheckChar } from '../../../src/shared/gstin.ts';
import { useTestDatabase } from '../support/harness.ts';
import { paidFee, pdfBytes } from './kit.ts';
import { readPdfLines, type TextLine } from './pdf-reader.ts';

const db = useTestDatabase();

/** The same characters, in any order: a shaped line draws its glyphs in visual order. */
const letters = (text: string) => [...text].sort().join('');

function expectLine(lines: TextLine[], text: string): void {
  expect(lines.map((l) => l.text)).toContain(text);
  const line = lines.find((l) => l.text === text)!;
  // The glyphs themselves stand for these characters (not a "?" or an empty box with a label on it).
  expect(letters(line.glyphs)).toBe(letters(text));
}

function expectEveryGlyphKnown(lines: TextLine[]): void {
  for (const line of lines) {
    expect(line.text).not.toContain('?');
    expect(line.glyphs).not.toContain('\uFFFD');
  }
}

describe('invoice PDF in Indian scripts', () => {
  it('a buyer named in Devanagari: the name and the ₹ amounts read back from the PDF', async () => {
    const name = 'अंकित शर्मा';
    const { paid, invoice } = await paidFee(db, { state: '06' }, 'hybrid', undefined, { name });
    expect(invoice.buyer_name).toBe(name);
    const lines = await readPdfLines(await pdfBytes(paid.registration.invoice.pdfUrl));
    expectLine(lines, name);
    for (const amount of ['₹7,203.39', '₹8,500.00']) expectLine(lines, amount);
    expect(lines.map((l) => l.text)).toContain(invoice.number);
    expectEveryGlyphKnown(lines);
  });

  it('a buyer named in Tamil, with a business name mixing Tamil and Latin: each part in its own font', async () => {
    const name = 'தமிழ்செல்வி';
    const businessName = 'தமிழ் Kalvi Pvt Ltd';
    const gstin = `33AAGCB7383J1Z${gstinCheckChar('33AAGCB7383J1Z')}`;
    const { paid, invoice } = await paidFee(db, { state: '33', gstin, businessName }, 'hybrid', undefined, { name });
    expect(invoice).toMatchObject({ buyer_name: name, buyer_business_name: businessName, igst_paise: '129661' });
    const lines = await readPdfLines(await pdfBytes(paid.registration.invoice.pdfUrl));
    expectLine(lines, name);
    expectLine(lines, businessName);
    expectLine(lines, 'Tamil Nadu (33)');
    for (const amount of ['₹1,296.61', '₹7,203.39', '₹8,500.00']) expectLine(lines, amount);
    expectEveryGlyphKnown(lines);
  });
});
