/**
 * ImageStore on Supabase Storage: the bytes go to a bucket under their content-hash id (upserted,
 * so a repeat upload is harmless); the `images` row keeps size and type with `storage = 'supabase'`.
 * Reads fall back to bytes still held in Postgres (the seeded images), so both can coexist.
 */
import { db } from '../platform/index.ts';
import { postgresImageStore } from './postgres.ts';
import type { ImageStore } from './types.ts';
import { imageUrl } from './url.ts';

export type SupabaseConfig = { url: string; serviceKey: string; bucket: string };

export async function supabaseImageStore(config: SupabaseConfig): Promise<ImageStore> {
  // Loaded here, not at the top: bundlers hoist static imports, and the public functions that
  // only read course images must not load the Storage SDK on every cold start.
  const { createClient } = await import('@supabase/supabase-js');
  const client = createClient(config.url, config.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const bucket = () => client.storage.from(config.bucket);

  return {
    name: 'supabase',
    async stage(image) {
      const { error } = await bucket().upload(image.id, image.bytes, {
        contentType: image.contentType,
        cacheControl: '31536000',
        upsert: true,
      });
      if (error) throw new Error(`Supabase Storage upload failed: ${error.message}`);
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
      const { data, error } = await bucket().download(id);
      if (error || !data) {
        const info = error as { status?: number; statusCode?: string } | null;
        if (info?.status === 404 || info?.statusCode === '404') return null;
        throw new Error(`Supabase Storage download failed: ${error?.message ?? 'no data'}`);
      }
      return { bytes: new Uint8Array(await data.arrayBuffer()), contentType: row.content_type };
    },
    url: imageUrl,
  };
}
