/**
 * The invoice's fonts (Noto, SIL Open Font License: fonts/OFL.txt): Noto Sans for Latin, digits
 * and the rupee sign, and a Noto Sans face for each Indian script a name may be written in. A line
 * is cut into runs by its characters, each run drawn with the face that has them. The files are
 * read on first use and kept for the function's next download.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fontkit, { type Font } from '@cantoo/fontkit';

export type Face =
  'latin' | 'latin-bold' | 'devanagari' | 'bengali' | 'gurmukhi' | 'gujarati' | 'oriya' | 'tamil' | 'telugu' | 'kannada' | 'malayalam';

const FILES: Record<Face, string> = {
  latin: 'NotoSans-Regular.ttf',
  'latin-bold': 'NotoSans-Bold.ttf',
  devanagari: 'NotoSansDevanagari-Regular.ttf',
  bengali: 'NotoSansBengali-Regular.ttf',
  gurmukhi: 'NotoSansGurmukhi-Regular.ttf',
  gujarati: 'NotoSansGujarati-Regular.ttf',
  oriya: 'NotoSansOriya-Regular.ttf',
  tamil: 'NotoSansTamil-Regular.ttf',
  telugu: 'NotoSansTelugu-Regular.ttf',
  kannada: 'NotoSansKannada-Regular.ttf',
  malayalam: 'NotoSansMalayalam-Regular.ttf',
};

/** Unicode blocks of each script (the Vedic and extended blocks go with Devanagari, the fractions with Tamil). */
const BLOCKS: [from: number, to: number, face: Face][] = [
  [0x0900, 0x097f, 'devanagari'],
  [0x0980, 0x09ff, 'bengali'],
  [0x0a00, 0x0a7f, 'gurmukhi'],
  [0x0a80, 0x0aff, 'gujarati'],
  [0x0b00, 0x0b7f, 'oriya'],
  [0x0b80, 0x0bff, 'tamil'],
  [0x0c00, 0x0c7f, 'telugu'],
  [0x0c80, 0x0cff, 'kannada'],
  [0x0d00, 0x0d7f, 'malayalam'],
  [0x1cd0, 0x1cff, 'devanagari'],
  [0xa8e0, 0xa8ff, 'devanagari'],
  [0x11fc0, 0x11fff, 'tamil'],
];

/** Characters every script shares (spaces, joiners, the danda): they stay in the run they are in, so shaping sees the whole word. */
const SHARED = /^[\s\u200b-\u200d\u0964\u0965\u25cc]$/u;

function scriptOf(char: string): Face | null {
  const code = char.codePointAt(0)!;
  for (const [from, to, face] of BLOCKS) if (code >= from && code <= to) return face;
  return null;
}

/** The runs of one line, each with its face; anything outside the Indian scripts is Noto Sans. */
export function runsOf(text: string, bold = false): { face: Face; text: string }[] {
  const latin: Face = bold ? 'latin-bold' : 'latin';
  const runs: { face: Face; text: string }[] = [];
  for (const char of text) {
    const last = runs[runs.length - 1];
    const face = scriptOf(char) ?? (SHARED.test(char) && last ? last.face : latin);
    if (last?.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  return runs;
}

/** The faces a document needs for these texts (Noto Sans regular and bold always). */
export function facesFor(texts: string[]): Face[] {
  const faces = new Set<Face>(['latin', 'latin-bold']);
  for (const text of texts) for (const run of runsOf(text)) faces.add(run.face);
  return [...faces];
}

/**
 * Set by scripts/build-functions.ts (esbuild `define`): the font folder relative to the bundled
 * function, which netlify.toml's included_files ships in the function's zip.
 */
declare const __ASPIRA_INVOICE_FONTS__: string | undefined;

function fontPath(file: string): string {
  const dir = typeof __ASPIRA_INVOICE_FONTS__ !== 'undefined' ? __ASPIRA_INVOICE_FONTS__ : './fonts';
  return fileURLToPath(new URL(`${dir}/${file}`, import.meta.url));
}

const loaded = new Map<Face, { bytes: Uint8Array; shaper: Font }>();

/** The face's file and fontkit's reading of it, which shapes and positions the glyphs of a run. */
export function fontFile(face: Face): { bytes: Uint8Array; shaper: Font } {
  let font = loaded.get(face);
  if (!font) {
    const bytes = new Uint8Array(readFileSync(fontPath(FILES[face])));
    font = { bytes, shaper: fontkit.create(bytes) as Font };
    loaded.set(face, font);
  }
  return font;
}
