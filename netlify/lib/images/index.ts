import { db, type Db } from '../db.ts';

export type StoredImage = { id: string; contentType: string; width: number; height: number };

/** Where image bytes live: Postgres locally, Supabase Storage when configured. */
export interface ImageStore {
  save(image: StoredImage & { bytes: Uint8Array }, tx?: Db): Promise<void>;
  load(id: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  url(id: string): string;
}

/** Bytes in the `images` table, served by the images function with immutable caching. */
export const postgresImageStore: ImageStore = {
  async save(image, tx = db()) {
    await tx`insert into images (id, content_type, bytes, width, height)
             values (${image.id}, ${image.contentType}, ${image.bytes}, ${image.width}, ${image.height})
             on conflict (id) do nothing`;
  },
  async load(id) {
    const [row] = await db()<{ bytes: Uint8Array; content_type: string }[]>`
      select bytes, content_type from images where id = ${id}`;
    return row ? { bytes: row.bytes, contentType: row.content_type } : null;
  },
  url: (id) => `/api/v1/images/${id}`,
};

let store: ImageStore = postgresImageStore;

export function imageStore(): ImageStore {
  return store;
}

/** Lets configuration (or a test) choose the store. */
export function useImageStore(next: ImageStore): void {
  store = next;
}
