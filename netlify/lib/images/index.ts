import { db, type Db } from '../platform/db.ts';
import { env } from '../platform/env.ts';

export type StoredImage = { id: string; contentType: string; width: number; height: number };

/**
 * Where image bytes live: Postgres locally, Supabase Storage when configured. Every image keeps a
 * row in `images` (what courses reference); `stage` runs before the caller's transaction (network
 * uploads never hold one open), `save` records the image inside it.
 */
export interface ImageStore {
  readonly name: string;
  stage?(image: StoredImage & { bytes: Uint8Array }): Promise<void>;
  save(image: StoredImage & { bytes: Uint8Array }, tx?: Db): Promise<void>;
  load(id: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  url(id: string): string;
}

/** Image URLs do not depend on the store: links stay valid if the bytes move between stores. */
export const imageUrl = (id: string) => `/api/v1/images/${id}`;

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

let store: ImageStore | undefined;

/** Supabase Storage when SUPABASE_URL and the service role key are set, else Postgres. */
export async function imageStoreFromEnv(): Promise<ImageStore> {
  const config = env();
  if (config.SUPABASE_URL && config.SUPABASE_SERVICE_ROLE_KEY) {
    const { supabaseImageStore } = await import('./supabase.ts');
    return supabaseImageStore({
      url: config.SUPABASE_URL,
      serviceKey: config.SUPABASE_SERVICE_ROLE_KEY,
      bucket: config.SUPABASE_STORAGE_BUCKET,
    });
  }
  return postgresImageStore;
}

/** Picks the environment's store on first use, so importing this module never loads a storage SDK. */
const configuredStore: ImageStore = {
  name: 'configured',
  stage: async (image) => (await activeImageStore()).stage?.(image),
  save: async (image, tx) => (await activeImageStore()).save(image, tx),
  load: async (id) => (await activeImageStore()).load(id),
  url: imageUrl,
};

/** The store to use: the configured one (Postgres, or Supabase Storage when set), or a test's. */
export function imageStore(): ImageStore {
  return store ?? configuredStore;
}

/** The configured store, chosen once from the environment (or set by useImageStore). */
export async function activeImageStore(): Promise<ImageStore> {
  store ??= await imageStoreFromEnv();
  return store;
}

/** Lets configuration (or a test) choose the store; undefined goes back to the environment's choice. */
export function useImageStore(next: ImageStore | undefined): void {
  store = next;
}
