/**
 * Lines of text on the invoice, shaped. fontkit shapes each run (Indic conjuncts, reordered
 * vowel signs, marks) and @cantoo/pdf-lib embeds the glyphs it used (a subset of each face). Its
 * drawText would drop the marks' offsets from the shaping, so a line is written here as TJ with
 * each glyph's position; a line in an Indian script carries its characters as /ActualText, so
 * copying or searching it gives the name as typed, not the glyphs in visual order.
 */
import {
  beginText,
  endMarkedContent,
  endText,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setLineWidth,
  setStrokingColor,
  setTextMatrix,
  setTextRenderingMode,
  setTextRise,
  TextRenderingMode,
  type Color,
  type PDFDocument,
  type PDFFont,
  type PDFObject,
  type PDFPage,
} from '@cantoo/pdf-lib';
import fontkit from '@cantoo/fontkit';
import { facesFor, fontFile, runsOf, type Face } from './pdf-fonts.ts';

type Embedded = { font: PDFFont; face: Face };
export type Typeset = { pdf: PDFDocument; fonts: Map<Face, Embedded>; keys: Map<string, PDFName> };

/** A line ready to draw: its width and, per run, the font and the TJ operands (glyph codes, adjustments, rises). */
export type Line = {
  text: string;
  width: number;
  size: number;
  /** Shaped (Indian scripts) or with a character no face has: the text is carried as /ActualText. */
  complex: boolean;
  runs: { font: Embedded; parts: (string | number)[][]; rises: number[] }[];
};

/** Embeds (as subsets) the faces these texts need, once per document. */
export async function typesetFor(pdf: PDFDocument, texts: string[]): Promise<Typeset> {
  pdf.registerFontkit(fontkit);
  const fonts = new Map<Face, Embedded>();
  for (const face of facesFor(texts)) fonts.set(face, { font: await pdf.embedFont(fontFile(face).bytes, { subset: true }), face });
  return { pdf, fonts, keys: new Map() };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Shapes `text` at `size`: the glyphs pdf-lib encodes for each run, placed where fontkit's layout puts them. */
export function shape(typeset: Typeset, text: string, size: number, bold = false): Line {
  let width = 0;
  let missing = false;
  const runs = runsOf(text, bold).map((run) => {
    const font = typeset.fonts.get(run.face) ?? typeset.fonts.get(bold ? 'latin-bold' : 'latin')!;
    const { shaper } = fontFile(font.face);
    const layout = shaper.layout(run.text);
    const codes = font.font.encodeText(run.text).asString().match(/.{4}/g) ?? [];
    if (codes.length !== layout.glyphs.length) throw new Error(`Invoice text: ${codes.length} codes for ${layout.glyphs.length} glyphs`);
    // TJ moves the pen by each glyph's advance; the layout may place a glyph elsewhere (marks,
    // kerning): the difference goes between the glyphs, in thousandths of the font size.
    const perMille = 1000 / shaper.unitsPerEm;
    const parts: (string | number)[][] = [[]];
    const rises: number[] = [0];
    let pen = 0;
    let drawn = 0;
    layout.glyphs.forEach((glyph, i) => {
      const position = layout.positions?.[i] ?? { xAdvance: glyph.advanceWidth, xOffset: 0, yOffset: 0 };
      const rise = round((position.yOffset / shaper.unitsPerEm) * size);
      if (rise !== rises[rises.length - 1]) {
        parts.push([]);
        rises.push(rise);
      }
      const part = parts[parts.length - 1]!;
      const shift = pen + position.xOffset - drawn;
      if (Math.abs(shift) > 0.5) part.push(round(-shift * perMille));
      const last = part[part.length - 1];
      if (typeof last === 'string') part[part.length - 1] = last + codes[i];
      else part.push(codes[i]!);
      missing ||= glyph.id === 0;
      drawn = pen + position.xOffset + glyph.advanceWidth;
      pen += position.xAdvance;
    });
    if (Math.abs(pen - drawn) > 0.5) parts[parts.length - 1]!.push(round(-(pen - drawn) * perMille));
    width += (pen / shaper.unitsPerEm) * size;
    return { font, parts, rises };
  });
  // A character no face has is drawn as the empty box (.notdef); copied, it still reads as typed.
  return { text, width, size, complex: missing || runs.some((r) => !r.font.face.startsWith('latin')), runs };
}

function fontKey(typeset: Typeset, page: PDFPage, font: PDFFont): PDFName {
  const id = `${page.ref.toString()} ${font.ref.toString()}`;
  let key = typeset.keys.get(id);
  if (!key) typeset.keys.set(id, (key = page.node.newFontDictionary(font.name, font.ref)));
  return key;
}

/** Draws a shaped line with its baseline starting at (x, y). */
export function draw(typeset: Typeset, page: PDFPage, line: Line, x: number, y: number, color: Color, bold = false): void {
  const ops: PDFOperator[] = [];
  if (line.complex) {
    // An inline property list (hex digits only: nothing in the text can break out of it).
    const span = `<< /ActualText ${PDFHexString.fromText(line.text).toString()} >>`;
    ops.push(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), span]));
  }
  ops.push(pushGraphicsState(), beginText(), setFillingColor(color), setTextMatrix(1, 0, 0, 1, x, y));
  for (const run of line.runs) {
    ops.push(setFontAndSize(fontKey(typeset, page, run.font.font), line.size));
    // The Indian scripts have no bold face here: a thin outline in the text colour thickens them.
    const thicken = bold && !run.font.face.startsWith('latin');
    if (thicken) ops.push(setTextRenderingMode(TextRenderingMode.FillAndOutline), setStrokingColor(color), setLineWidth(line.size * 0.04));
    let rise = 0;
    run.parts.forEach((part, i) => {
      if (run.rises[i] !== rise) ops.push(setTextRise((rise = run.rises[i]!)));
      if (part.length === 0) return;
      const items: PDFObject[] = part.map((p) => (typeof p === 'number' ? PDFNumber.of(p) : PDFHexString.of(p)));
      ops.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [typeset.pdf.context.obj(items)]));
    });
    if (rise !== 0) ops.push(setTextRise(0));
    if (thicken) ops.push(setTextRenderingMode(TextRenderingMode.Fill));
  }
  ops.push(endText(), popGraphicsState());
  if (line.complex) ops.push(endMarkedContent());
  page.pushOperators(...ops);
}
