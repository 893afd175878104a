import { db } from '../platform/index.ts';
import type { ImageStore } from './types.ts';
import { imageUrl } from './url.ts';

/** Bytes in the `images` table, served by the images function with immutable caching. */
export const postgresImageStore: ImageStore = {
  name: 'postgres',
  async save(image, tx = db()) {
    await tx`insert into images (id, content_type, bytes, width, height)
             values (${image.id}, ${image.contentType}, ${image.bytes}, ${image.width}, ${image.height})
             on conflict (id) do nothing`;
  },
  async load(id) {
    const [row] = await db()<{ bytes: Uint8Array | null; content_type: string }[]>`
      select bytes, content_type from images where id = ${id}`;
    return row?.bytes ? { bytes: row.bytes, contentType: row.content_type } : null;
  },
  url: imageUrl,
};
