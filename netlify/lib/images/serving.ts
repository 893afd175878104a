/** How the images functions answer (the stored picture and its smaller widths alike). */
import { z } from 'zod';

export const imageIdSchema = z.string().regex(/^[0-9a-f]{64}$/, 'An image id is 64 hexadecimal characters');

/**
 * Ids are content hashes: the bytes behind an id (and each of its widths) never change, so the
 * browser and Netlify's CDN (durable: one copy for every edge) keep them. routes() adds the security headers.
 */
export const IMMUTABLE_IMAGE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'netlify-cdn-cache-control': 'public, durable, max-age=31536000, immutable',
} as const;
