/**
 * Which Storage holds applicants' documents: Supabase Storage when its address and service key are
 * set (DOCUMENTS_STORAGE_URL/KEY, else SUPABASE_URL and its key); on a local run without them, the
 * stand-in (stand-in.ts) behind the same adapter, served on the site's own origin; on a deploy
 * without them every document endpoint answers 503: files never land anywhere unplanned.
 */
import { env, type Env, HttpError } from '../../platform/index.ts';
import { storageStandIn, type StorageStandIn } from './stand-in.ts';
import { supabaseStorage } from './supabase.ts';
import type { DocumentStorage } from './types.ts';

export type { DocumentStorage } from './types.ts';
export { StorageError, supabaseStorage } from './supabase.ts';
export { serveStandIn, storageStandIn, type StorageStandIn } from './stand-in.ts';

export const DOCUMENTS_NOT_CONFIGURED = 'Document uploads are not configured on this deployment';
/** The stand-in's service key: only ever valid on a local run. */
const LOCAL_SERVICE_KEY = 'local-storage-stand-in-service-key';

let selected: { storage: DocumentStorage; for: Env } | undefined;
let override: DocumentStorage | undefined;
let standIn: StorageStandIn | undefined;

const configured = (config: Env) => {
  const url = config.DOCUMENTS_STORAGE_URL ?? config.SUPABASE_URL;
  const key = config.DOCUMENTS_STORAGE_KEY ?? config.SUPABASE_SERVICE_ROLE_KEY;
  return url && key ? { url, key } : null;
};

/** The stand-in a local run uses (null when Storage is configured or this is not a local run). */
export function localStandIn(): StorageStandIn | null {
  const config = env();
  if (!config.isLocal || configured(config)) return null;
  standIn ??= storageStandIn({
    serviceKey: LOCAL_SERVICE_KEY,
    secret: Buffer.from(config.jwtSecret).toString('hex'),
    bucket: config.DOCUMENTS_BUCKET,
  });
  return standIn;
}

export function documentStorage(): DocumentStorage {
  if (override) return override;
  const config = env();
  if (selected?.for === config) return selected.storage;
  const real = configured(config);
  let chosen: DocumentStorage;
  if (real) {
    chosen = supabaseStorage({ url: real.url, serviceKey: real.key, bucket: config.DOCUMENTS_BUCKET });
  } else {
    const local = localStandIn();
    if (!local) throw new HttpError(503, DOCUMENTS_NOT_CONFIGURED);
    // Same adapter, same HTTP calls; the browser reaches the stand-in on the site's origin.
    chosen = supabaseStorage({
      url: config.SITE_URL,
      browserUrl: '',
      serviceKey: LOCAL_SERVICE_KEY,
      bucket: config.DOCUMENTS_BUCKET,
      fetch: (request) => local.handle(request),
    });
  }
  selected = { storage: chosen, for: config };
  return chosen;
}

/** Tests only: another Storage in place (undefined restores the configured one). */
export function useDocumentStorageForTests(fake: DocumentStorage | undefined): void {
  override = fake;
}
