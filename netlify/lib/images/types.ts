/** The ImageStore port (no runtime code): adapters import only this file, index.ts picks one. */
import type { Db } from '../platform/index.ts';

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
