/** The document Storage port (types only): adapters import only this file, index.ts picks one. */
import type { StorageFailure, SupabaseStorageClient } from '../../platform/index.ts';

/** Answer of a Storage call that failed: the HTTP status and Storage's own error name and message. */
export type { StorageFailure };

/**
 * Where applicants' files live: a private bucket, reached only with the service key or a signed URL.
 * Paths are relative to the bucket ("<registration>/<type>/<random>"). The platform's Storage client
 * is that bucket's interface; the local stand-in implements the same.
 */
export type DocumentStorage = SupabaseStorageClient;
