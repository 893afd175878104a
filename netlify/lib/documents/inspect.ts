/**
 * A file is what its bytes say, never its name or declared type: PDF, JPEG or PNG by their magic
 * numbers. PDFs that could act on the reader's machine are refused (encrypted, JavaScript, automatic
 * actions, launching programs, embedded files), looking into compressed streams too, where a
 * PDF 1.5 file keeps its objects. Images are decoded and written again by sharp: orientation
 * applied, every metadata block (EXIF with GPS, XMP, comments) left behind, pixels capped.
 */
import { inflateSync } from 'node:zlib';
import type { Metadata } from 'sharp';
import { DOCUMENT_MAX_PIXELS, FORMAT_CONTENT_TYPES, type DocumentFormat } from '../../../src/shared/documents.ts';

export type Inspected = { format: DocumentFormat; contentType: string; bytes: Uint8Array; changed: boolean };
export class RefusedFile extends Error {
  override name = 'RefusedFile';
}

export function sniff(bytes: Uint8Array): DocumentFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  // Readers accept %PDF- anywhere in the first KB; we take it only at the start (no polyglots).
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

/** Name tokens that make a PDF do something by itself, or hide another file. */
const ACTIVE_PDF: [RegExp, string][] = [
  [/\/Encrypt\b/, 'The PDF is password-protected or encrypted. Save it without a password and upload it again'],
  [/\/(JavaScript|JS)\b/, 'The PDF contains JavaScript. Print it to a new PDF (File > Print > Save as PDF) and upload that'],
  // An /OpenAction that only opens a page is common and harmless; one running JavaScript is caught above.
  [/\/(AA|Launch)\b/, 'The PDF runs actions when opened. Print it to a new PDF (File > Print > Save as PDF) and upload that'],
  [/\/(EmbeddedFiles?|RichMedia)\b/, 'The PDF has files embedded in it. Upload a PDF without attachments'],
];
const MAX_INFLATED = 50 * 1024 * 1024;

/** Names may hide letters as #xx (/J#61vaScript): decode them before looking. */
const decodeNames = (text: string) => text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function pdfTexts(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes);
  const texts = [raw.toString('latin1')];
  let inflated = 0;
  let from = 0;
  for (;;) {
    const start = raw.indexOf('stream', from, 'latin1');
    if (start < 0) break;
    let body = start + 6;
    if (raw[body] === 0x0d) body++;
    if (raw[body] === 0x0a) body++;
    const end = raw.indexOf('endstream', body, 'latin1');
    if (end < 0) break;
    from = end + 9;
    if (raw.toString('latin1', start - 3, start) === 'end') continue;
    try {
      const out = inflateSync(raw.subarray(body, end), { maxOutputLength: MAX_INFLATED - inflated });
      inflated += out.length;
      texts.push(out.toString('latin1'));
    } catch {
      // Not deflated (an image, a font in another filter) or truncated: nothing to read in it.
    }
  }
  return texts.map(decodeNames);
}

export function checkPdf(bytes: Uint8Array): void {
  const texts = pdfTexts(bytes);
  for (const [pattern, message] of ACTIVE_PDF) {
    if (texts.some((t) => pattern.test(t))) throw new RefusedFile(message);
  }
  if (!texts[0]!.includes('%%EOF')) throw new RefusedFile('The PDF is incomplete. Upload the whole file again');
}

async function cleanImage(bytes: Uint8Array, format: 'jpeg' | 'png'): Promise<Uint8Array> {
  // Loaded on the first image, not at import: the checklist and review endpoints never need it.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new RefusedFile('The image could not be read. Upload a valid JPEG or PNG file');
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > DOCUMENT_MAX_PIXELS) {
    throw new RefusedFile(
      `The image is too large (${meta.width} x ${meta.height} pixels). Upload one of at most ${DOCUMENT_MAX_PIXELS / 1_000_000} megapixels`,
    );
  }
  try {
    const image = sharp(bytes, { limitInputPixels: DOCUMENT_MAX_PIXELS, failOn: 'error' }).rotate();
    // sharp keeps no metadata unless asked: EXIF (with GPS), XMP, IPTC and comments are left behind.
    const out =
      format === 'jpeg' ? await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer() : await image.png({ compressionLevel: 9 }).toBuffer();
    return new Uint8Array(out);
  } catch {
    throw new RefusedFile('The image could not be read. Upload a valid JPEG or PNG file');
  }
}

/** Checks a file against the formats its document accepts; answers the bytes to keep. */
export async function inspectFile(bytes: Uint8Array, accepted: readonly DocumentFormat[]): Promise<Inspected> {
  const format = sniff(bytes);
  const names = accepted.map((f) => f.toUpperCase()).join(', ');
  if (!format) throw new RefusedFile(`This file is not a real ${names} file. Upload a ${names} file`);
  if (!accepted.includes(format)) throw new RefusedFile(`This document takes ${names} files; this file is a ${format.toUpperCase()}`);
  if (format === 'pdf') {
    checkPdf(bytes);
    return { format, contentType: FORMAT_CONTENT_TYPES.pdf, bytes, changed: false };
  }
  return { format, contentType: FORMAT_CONTENT_TYPES[format], bytes: await cleanImage(bytes, format), changed: true };
}
