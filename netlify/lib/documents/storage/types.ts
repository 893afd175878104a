/** The document Storage port (types only): adapters import only this file, index.ts picks one. */

/** Answer of a Storage call that failed: the HTTP status and Storage's own error name and message. */
export type StorageFailure = { status: number; error: string; message: string };

/**
 * Where applicants' files live: a private bucket, reached only with the service key or a signed URL.
 * Paths are relative to the bucket ("<registration>/<type>/<random>").
 */
export interface DocumentStorage {
  readonly name: string;
  /** A URL the browser PUTs the file to, with its token (Supabase: valid for 2 hours). */
  signUpload(path: string): Promise<{ url: string; token: string }>;
  /** The object's bytes, or null when there is none. */
  download(path: string): Promise<Uint8Array | null>;
  /** Writes (or overwrites) an object with the service key. */
  upload(path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** A URL that reads the object for `expiresIn` seconds, then stops working; `download` names the saved file. */
  signRead(path: string, expiresIn: number, download?: string): Promise<string>;
  /** Deletes objects; deleting one that does not exist is not an error. */
  remove(paths: string[]): Promise<void>;
}
