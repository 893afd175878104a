import type { Config } from '@netlify/functions';
import { HttpError, parseWith, routes } from '../lib/platform/index.ts';
import { imageIdSchema, imageStore, IMMUTABLE_IMAGE_HEADERS, parseImageWidth, resizeImage } from '../lib/images/index.ts';

/**
 * A course picture in a smaller width of its srcset, resized by sharp. A function of its own so
 * the public images function carries no native image library: each width is made once, then the
 * browser and Netlify's CDN keep it (ids are content hashes, so a width never changes).
 */
export default routes({
  'GET /api/v1/images/:id/:width': async ({ params }) => {
    const id = parseWith(imageIdSchema, params.id);
    const width = parseImageWidth(params.width ?? '');
    const stored = await imageStore().load(id);
    if (!stored) throw new HttpError(404, 'Image not found');
    const image = await resizeImage(stored, width);
    return new Response(image.bytes as BodyInit, { headers: { 'content-type': image.contentType, ...IMMUTABLE_IMAGE_HEADERS } });
  },
});

export const config: Config = { path: '/api/v1/images/:id/:width' };
