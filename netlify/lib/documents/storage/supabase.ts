/**
 * Applicants' documents in Supabase Storage: the platform's fetch client for Storage's REST API
 * (platform/storage.ts, the one course images use too), on the documents bucket. The local
 * stand-in (stand-in.ts) answers the same calls as Supabase does.
 */
import { supabaseStorageClient, type SupabaseStorageConfig } from '../../platform/index.ts';
import type { DocumentStorage } from './types.ts';

export { StorageError, type SupabaseStorageConfig } from '../../platform/index.ts';

export function supabaseStorage(config: SupabaseStorageConfig): DocumentStorage {
  return supabaseStorageClient(config);
}
