import { describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { qrDrawing } from './qr.ts';

/** The drawing read back module by module: every dark module of the code, and nothing else, is inside a rectangle. */
function modules(path: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i++) grid[Number(y)]![Number(x) + i] = true;
  }
  return grid;
}

describe('check-in QR drawing', () => {
  it('draws exactly the modules of the code, with a quiet zone of 4', () => {
    const url = 'https://aspira.example/checkin?t=1234567890abcdef.a1b2c3';
    const { size, path } = qrDrawing(url);
    const expected = encode(url, { ecc: 'M', border: 4 }).data;
    expect(size).toBe(expected.length);
    expect(modules(path, size)).toEqual(expected);
    expect(expected[3]!.every((dark) => !dark)).toBe(true);
  });

  it('a new token is a different drawing', () => {
    expect(qrDrawing('/checkin?t=aaaaaaaaaa').path).not.toBe(qrDrawing('/checkin?t=bbbbbbbbbb').path);
  });
});
