import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { runsOf } from './pdf-fonts.ts';
import { shape, typesetFor } from './pdf-text.ts';

describe('invoice text runs', () => {
  it('cuts a line by script: spaces and joiners stay in the word they follow, the rest is Noto Sans', () => {
    expect(runsOf('தமிழ் Kalvi Pvt Ltd')).toEqual([
      { face: 'tamil', text: 'தமிழ் ' },
      { face: 'latin', text: 'Kalvi Pvt Ltd' },
    ]);
    expect(runsOf('Ankit (अंकित शर्मा) ₹500', true)).toEqual([
      { face: 'latin-bold', text: 'Ankit (' },
      { face: 'devanagari', text: 'अंकित शर्मा' },
      { face: 'latin-bold', text: ') ₹500' },
    ]);
    expect(runsOf('ক্‍ষ ಕನ್ನಡ').map((r) => r.face)).toEqual(['bengali', 'kannada']);
    expect(runsOf('王芳')).toEqual([{ face: 'latin', text: '王芳' }]);
  });
});

describe('shaped lines', () => {
  it("keeps the shaper's mark offsets: Oriya's pre-base vowel sign and ra-phala are moved back onto their consonant", async () => {
    const pdf = await PDFDocument.create();
    const typeset = await typesetFor(pdf, ['ପ୍ରି']);
    const line = shape(typeset, 'ପ୍ରି', 10);
    expect(line.complex).toBe(true);
    const [run] = line.runs;
    expect(run!.font.face).toBe('oriya');
    // Three glyphs (ପ, the vowel sign, the ra-phala), the two marks pulled back by TJ adjustments.
    const adjustments = run!.parts.flat().filter((p) => typeof p === 'number');
    expect(adjustments.length).toBeGreaterThanOrEqual(2);
    expect(line.width).toBeCloseTo(7.41, 1); // the consonant's advance only
  });

  it('measures with kerning and the rupee sign from Noto Sans', async () => {
    const pdf = await PDFDocument.create();
    const typeset = await typesetFor(pdf, []);
    const line = shape(typeset, '₹2,49,000.00', 10);
    expect(line.complex).toBe(false);
    expect(line.runs.map((r) => r.font.face)).toEqual(['latin']);
    expect(line.width).toBeGreaterThan(50);
    // A name in a script without a face here: empty boxes, but copied or searched it reads as typed.
    expect(shape(typeset, '王芳', 10).complex).toBe(true);
    expect(shape(typeset, 'AVA', 10).width).toBeLessThan(shape(typeset, 'A', 10).width * 2 + shape(typeset, 'V', 10).width);
  });
});
