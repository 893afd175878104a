/**
 * A stored picture in a smaller width, made on request (`GET /api/v1/images/{id}/480`) and cached
 * for good by the browser and Netlify's CDN: ids are content hashes, so a variant never changes.
 * Made on request rather than at upload so that every picture already stored (the seeded ones,
 * earlier uploads) has its widths too, with no second copy to keep in step with the first.
 */
import sharp from 'sharp';
import { RESIZED_WIDTHS } from '../../../src/shared/images.ts';
import { HttpError } from '../platform/index.ts';

/** The width from the address: only the listed widths are made (the full picture has no width). */
export function parseImageWidth(value: string): number {
  const width = Number(value);
  if (!RESIZED_WIDTHS.includes(width) || String(width) !== value) {
    throw new HttpError(400, [`width: Ask for one of the widths ${RESIZED_WIDTHS.join(', ')}, or none for the full picture`]);
  }
  return width;
}

/** The picture at most `width` wide, as WebP; a picture already that narrow is answered as stored. */
export async function resizeImage(
  image: { bytes: Uint8Array; contentType: string },
  width: number,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const source = sharp(image.bytes, { failOn: 'error' });
  const { width: stored = 0 } = await source.metadata();
  if (stored <= width) return image;
  const data = await source.resize({ width }).webp({ quality: 75, effort: 4 }).toBuffer();
  return { bytes: new Uint8Array(data), contentType: 'image/webp' };
}
