/**
 * Course image uploads: the multipart body is size-checked before it is parsed, the file is
 * recognised by its first bytes (never by its name or declared type), then decoded and re-encoded
 * by sharp: resized, EXIF orientation applied, all metadata (GPS, camera, comments) dropped.
 * Whatever reaches the store is an image we wrote ourselves.
 */
import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { IMAGE_MAX_BYTES } from '../../../src/shared/catalogue.ts';
import { assertStorableText, HttpError, readBytes } from '../platform/index.ts';
import type { StoredImage } from './types.ts';

/** The whole multipart body: the image plus a few short text fields and the boundaries. */
export const MAX_MULTIPART_BYTES = IMAGE_MAX_BYTES + 64 * 1024;
export const MAX_WIDTH = 1200;
const MAX_INPUT_PIXELS = 40_000_000;

const TOO_LARGE = 'image: The image must be at most 4 MB';
const WRONG_TYPE = 'image: Upload a JPEG, PNG or WebP image';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** JPEG, PNG or WebP by magic bytes; anything else (SVG, HTML, GIF, PDF...) is null. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export type MultipartForm = { fields: Record<string, string>; files: Record<string, File> };

/** Parses a multipart/form-data body of at most MAX_MULTIPART_BYTES. */
export async function readMultipart(request: Request, limit = MAX_MULTIPART_BYTES): Promise<MultipartForm> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(type)) {
    throw new HttpError(415, 'Send the course as multipart/form-data');
  }
  const body = await readBytes(request, limit, TOO_LARGE);
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'The form data could not be read');
  }
  // Maps: a field named `constructor` or `__proto__` is a field like any other, not an inherited property.
  const fields = new Map<string, string>();
  const files = new Map<string, File>();
  for (const [name, value] of form.entries()) {
    if (fields.has(name) || files.has(name)) throw new HttpError(400, [`${name}: Send this field once`]);
    if (typeof value === 'string') fields.set(name, value);
    else files.set(name, value);
  }
  const parsed = { fields: Object.fromEntries(fields), files: Object.fromEntries(files) };
  // The same text rule as JSON bodies: no NUL, controls or lone surrogates reach the database.
  assertStorableText(parsed.fields);
  return parsed;
}

export type ProcessedImage = StoredImage & { bytes: Uint8Array };

/** Checks an uploaded file and re-encodes it to WebP, at most MAX_WIDTH wide, with no metadata. */
export async function processImage(file: File): Promise<ProcessedImage> {
  if (file.size > IMAGE_MAX_BYTES) throw new HttpError(413, TOO_LARGE);
  if (file.size === 0) throw new HttpError(400, ['image: The image file is empty']);
  const input = new Uint8Array(await file.arrayBuffer());
  if (!sniffImage(input)) throw new HttpError(415, WRONG_TYPE);
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // apply EXIF orientation before the metadata goes
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new HttpError(415, 'image: The image could not be read. Upload a valid JPEG, PNG or WebP image');
  }
  const bytes = new Uint8Array(output.data);
  return {
    id: createHash('sha256').update(bytes).digest('hex'),
    contentType: 'image/webp',
    width: output.info.width,
    height: output.info.height,
    bytes,
  };
}
