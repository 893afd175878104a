/**
 * A file is what its bytes say, never its name or declared type: PDF, JPEG or PNG by their magic
 * numbers. PDFs that could act on the reader's machine are refused (encrypted, JavaScript, automatic
 * actions, launching programs or sending data, embedded files, XFA forms), judged by a real parser
 * that decodes every stream (inspect-pdf.ts); one too complex to judge is refused too. Images are decoded and written again by sharp: orientation
 * applied, every metadata block (EXIF with GPS, XMP, comments) left behind, pixels capped.
 */
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

/** Refuses a PDF a reader would act on (see inspect-pdf.ts), or one cut short. */
export async function checkPdf(bytes: Uint8Array): Promise<void> {
  if (!Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('%%EOF', 0, 'latin1'))
    throw new RefusedFile('The PDF is incomplete. Upload the whole file again');
  // Loaded on the first PDF, not at import: the parser is only needed here.
  const { pdfRefusal } = await import('./inspect-pdf.ts');
  const refusal = await pdfRefusal(bytes);
  if (refusal) throw new RefusedFile(refusal);
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
    await checkPdf(bytes);
    return { format, contentType: FORMAT_CONTENT_TYPES.pdf, bytes, changed: false };
  }
  return { format, contentType: FORMAT_CONTENT_TYPES[format], bytes: await cleanImage(bytes, format), changed: true };
}
