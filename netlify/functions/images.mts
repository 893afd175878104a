import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { HttpError, parseWith, routes } from '../lib/platform/index.ts';
import { imageStore } from '../lib/images/index.ts';

const imageIdSchema = z.string().regex(/^[0-9a-f]{64}$/, 'An image id is 64 hexadecimal characters');

export default routes({
  'GET /api/v1/images/:id': async ({ params }) => {
    const id = parseWith(imageIdSchema, params.id);
    const image = await imageStore().load(id);
    if (!image) throw new HttpError(404, 'Image not found');
    // Ids are content hashes: the bytes behind an id never change. routes() adds the security headers.
    return new Response(image.bytes as BodyInit, {
      headers: {
        'content-type': image.contentType,
        'cache-control': 'public, max-age=31536000, immutable',
      },
    });
  },
});

export const config: Config = { path: '/api/v1/images/:id' };
