/**
 * Course images: where their bytes live is a port (types.ts) with two adapters, Postgres
 * (postgres.ts, locally) and Supabase Storage (supabase.ts, when configured); this entry picks one.
 */
import { env } from '../platform/index.ts';
import { postgresImageStore } from './postgres.ts';
import type { ImageStore } from './types.ts';
import { imageUrl } from './url.ts';

export type { ImageStore, StoredImage } from './types.ts';
export { imageUrl } from './url.ts';
export { postgresImageStore } from './postgres.ts';
export * from './process.ts';
export * from './variants.ts';
export * from './serving.ts';

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

/** Picks the environment's store on first use, so importing this module reads no configuration. */
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
