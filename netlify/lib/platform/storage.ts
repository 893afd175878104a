/**
 * Supabase Storage's REST API with plain fetch (no SDK in any function bundle), for every bucket
 * the site uses (applicants' documents, course images):
 * - POST   /storage/v1/object/upload/sign/{bucket}/{path}   -> { url: "/object/upload/sign/...?token=" }
 *          never with x-upsert: Storage binds upsert into the token, so the URL writes a new object
 *          only and a file checked on confirm can never be replaced through it
 * - PUT    /storage/v1/object/upload/sign/{bucket}/{path}?token=   (the browser, no key)
 * - GET    /storage/v1/object/{bucket}/{path}                  (service key)
 * - POST   /storage/v1/object/{bucket}/{path}  x-upsert: true  (service key; writes or replaces)
 * - POST   /storage/v1/object/sign/{bucket}/{path} { expiresIn } -> { signedURL: "/object/sign/...?token=" }
 * - DELETE /storage/v1/object/{bucket} { prefixes: [...] }
 * The same calls reach the local stand-in (documents/storage/stand-in.ts), which answers as Supabase does.
 */

/** Answer of a Storage call that failed: the HTTP status and Storage's own error name and message. */
export type StorageFailure = { status: number; error: string; message: string };

/** A Storage call that failed, with Storage's own status, error name and message. */
export class StorageError extends Error {
  override name = 'StorageError';
  readonly failure: StorageFailure;
  constructor(message: string, failure: StorageFailure) {
    super(message);
    this.failure = failure;
  }
}

export type SupabaseStorageConfig = {
  /** The project's address (https://<ref>.supabase.co), or the stand-in's. */
  url: string;
  serviceKey: string;
  bucket: string;
  /** Where the browser sends uploads, if not `url` (the local stand-in: the site's own origin). */
  browserUrl?: string;
  /** Tests and the local stand-in hand requests over without a socket. */
  fetch?: (request: Request) => Promise<Response>;
  /** Each call's time limit: functions end at 10 s. */
  timeoutMs?: number;
  /** Cache-Control kept with what `upload` writes (default no-store). */
  cacheControl?: string;
};

/** One bucket; paths are relative to it ("<registration>/<type>/<random>", an image's hash). */
export interface SupabaseStorageClient {
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

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
/** The saved file's name without control characters (rows from before names were checked may hold them). */
const downloadName = (name: string) => name.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').toWellFormed();

export function supabaseStorageClient(config: SupabaseStorageConfig): SupabaseStorageClient {
  const api = `${config.url.replace(/\/+$/, '')}/storage/v1`;
  const browserApi = `${(config.browserUrl ?? config.url).replace(/\/+$/, '')}/storage/v1`;
  const send = config.fetch ?? ((request: Request) => fetch(request));
  const object = (path: string) => `${config.bucket}/${encodePath(path)}`;
  const auth = { authorization: `Bearer ${config.serviceKey}`, apikey: config.serviceKey };

  async function call(method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Response> {
    const request = new Request(`${api}${path}`, {
      method,
      headers: { ...auth, ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(config.timeoutMs ?? 8_000),
    });
    return send(request);
  }

  async function failure(response: Response, what: string): Promise<StorageError> {
    const body = (await response.json().catch(() => ({}))) as Partial<StorageFailure & { statusCode: string }>;
    const info: StorageFailure = {
      status: Number(body.statusCode ?? response.status),
      error: String(body.error ?? response.statusText),
      message: String(body.message ?? ''),
    };
    return new StorageError(`Storage ${what} failed: ${info.status} ${info.error} ${info.message}`.trim(), info);
  }

  const json = { 'content-type': 'application/json' };
  return {
    name: 'supabase',
    async signUpload(path) {
      const response = await call('POST', `/object/upload/sign/${object(path)}`, { body: '{}', headers: json });
      if (!response.ok) throw await failure(response, 'signed upload URL');
      const { url } = (await response.json()) as { url: string };
      const token = new URL(url, 'http://x').searchParams.get('token');
      if (!token) throw new StorageError('Storage gave no upload token', { status: 500, error: 'no-token', message: '' });
      return { url: `${browserApi}${url}`, token };
    },
    async download(path) {
      const response = await call('GET', `/object/${object(path)}`);
      if (response.status === 404 || response.status === 400) {
        const problem = await failure(response, 'download');
        if (problem.failure.status === 404 || /not.?found/i.test(problem.failure.error)) return null;
        throw problem;
      }
      if (!response.ok) throw await failure(response, 'download');
      return new Uint8Array(await response.arrayBuffer());
    },
    async upload(path, bytes, contentType) {
      const response = await call('POST', `/object/${object(path)}`, {
        body: bytes as BodyInit,
        headers: { 'content-type': contentType, 'x-upsert': 'true', 'cache-control': config.cacheControl ?? 'no-store' },
      });
      if (!response.ok) throw await failure(response, 'upload');
    },
    async signRead(path, expiresIn, download) {
      const response = await call('POST', `/object/sign/${object(path)}`, { body: JSON.stringify({ expiresIn }), headers: json });
      if (!response.ok) throw await failure(response, 'signed URL');
      const { signedURL } = (await response.json()) as { signedURL: string };
      const extra = download ? `&download=${encodeURIComponent(downloadName(download))}` : '';
      return `${browserApi}${signedURL}${extra}`;
    },
    async remove(paths) {
      if (paths.length === 0) return;
      const response = await call('DELETE', `/object/${config.bucket}`, { body: JSON.stringify({ prefixes: paths }), headers: json });
      if (!response.ok) throw await failure(response, 'delete');
    },
  };
}
