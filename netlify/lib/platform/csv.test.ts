import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvCell, csvRow, toCsv } from './csv.ts';
import { parseCsv } from '../../../tests/fixtures/csv.ts';

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Asha Rao')).toBe('Asha Rao');
    expect(csvCell(2500)).toBe('2500');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Pune, India')).toBe('"Pune, India"');
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=1+1', '+91 98765 43210', '-2+3', '@SUM(A1:A2)', '\t=cmd', '=HYPERLINK("http://x","y")'])(
    'neutralises the formula-like cell %j',
    (value) => {
      const cell = csvCell(value);
      const [[read]] = parseCsv(`${cell}\r\n`) as [[string]];
      expect(read).toBe(`'${value}`);
      expect(read.startsWith("'")).toBe(true);
    },
  );

  it('does not touch numbers (a negative amount stays a number)', () => {
    expect(csvCell(-5)).toBe('-5');
  });
});

describe('toCsv', () => {
  it('writes a BOM, a header and CRLF rows', () => {
    const text = toCsv(
      ['name', 'note'],
      [
        ['A', 'x,y'],
        ['B', '=2'],
      ],
    );
    expect(text.startsWith('\uFEFFname,note\r\n')).toBe(true);
    expect(text).toBe('\uFEFFname,note\r\nA,"x,y"\r\nB,\'=2\r\n');
  });

  it('round-trips any text, with formula starts prefixed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const width = rows[0]!.length;
          const table = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
          const back = parseCsv(table.map(csvRow).join('\r\n') + '\r\n');
          const expected = table.map((r) => r.map((c) => (/^[=+\-@\t\r]/.test(c) ? `'${c}` : c)));
          expect(back).toEqual(expected);
        },
      ),
    );
  });
});
