import type { Config } from '@netlify/functions';
import { HttpError, parseWith, routes } from '../lib/platform/index.ts';
import { imageIdSchema, imageStore, IMMUTABLE_IMAGE_HEADERS } from '../lib/images/index.ts';

export default routes({
  /** A stored picture as it was uploaded (the widest of its srcset); smaller widths: image-widths.mts. */
  'GET /api/v1/images/:id': async ({ params }) => {
    const id = parseWith(imageIdSchema, params.id);
    const image = await imageStore().load(id);
    if (!image) throw new HttpError(404, 'Image not found');
    return new Response(image.bytes as BodyInit, { headers: { 'content-type': image.contentType, ...IMMUTABLE_IMAGE_HEADERS } });
  },
});

export const config: Config = { path: '/api/v1/images/:id' };
