/**
 * ImageStore on Supabase Storage: the bytes go to a bucket under their content-hash id (upserted,
 * so a repeat upload is harmless); the `images` row keeps size and type with `storage = 'supabase'`.
 * Reads fall back to bytes still held in Postgres (the seeded images), so both can coexist.
 * Storage is reached with the platform's fetch client (the one applicants' documents use).
 */
import { db, supabaseStorageClient } from '../platform/index.ts';
import { postgresImageStore } from './postgres.ts';
import type { ImageStore } from './types.ts';
import { imageUrl } from './url.ts';

export type SupabaseConfig = { url: string; serviceKey: string; bucket: string };

export function supabaseImageStore(config: SupabaseConfig): ImageStore {
  // An image's id is the hash of its bytes: what is stored under it never changes.
  const storage = supabaseStorageClient({ ...config, cacheControl: 'max-age=31536000' });
  return {
    name: 'supabase',
    async stage(image) {
      await storage.upload(image.id, image.bytes, image.contentType);
    },
    async save(image, tx = db()) {
      await tx`insert into images (id, content_type, bytes, width, height, storage)
               values (${image.id}, ${image.contentType}, ${null}, ${image.width}, ${image.height}, 'supabase')
               on conflict (id) do nothing`;
    },
    async load(id) {
      const [row] = await db()<{ storage: string; content_type: string }[]>`select storage, content_type from images where id = ${id}`;
      if (!row) return null;
      if (row.storage !== 'supabase') return postgresImageStore.load(id);
      const bytes = await storage.download(id);
      return bytes && { bytes, contentType: row.content_type };
    },
    url: imageUrl,
  };
}
