import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { HttpError, parseWith, routes } from '../lib/platform/index.ts';
import { imageStore, parseImageWidth, resizeImage } from '../lib/images/index.ts';

const imageIdSchema = z.string().regex(/^[0-9a-f]{64}$/, 'An image id is 64 hexadecimal characters');

export default routes({
  'GET /api/v1/images/:id': async ({ request, params }) => {
    const id = parseWith(imageIdSchema, params.id);
    const width = parseImageWidth(new URL(request.url).searchParams.get('w'));
    const stored = await imageStore().load(id);
    if (!stored) throw new HttpError(404, 'Image not found');
    const image = width ? await resizeImage(stored, width) : stored;
    // Ids are content hashes: the bytes behind an id (and each of its widths) never change, so the
    // browser and Netlify's CDN (durable: one copy for every edge) keep them. routes() adds the security headers.
    return new Response(image.bytes as BodyInit, {
      headers: {
        'content-type': image.contentType,
        'cache-control': 'public, max-age=31536000, immutable',
        'netlify-cdn-cache-control': 'public, durable, max-age=31536000, immutable',
        'netlify-vary': 'query=w',
      },
    });
  },
});

export const config: Config = { path: '/api/v1/images/:id' };
