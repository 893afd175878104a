/**
 * A local stand-in for Supabase Storage that speaks the same HTTP API as the calls supabase.ts makes
 * (and the browser's PUT to a signed upload URL), with Supabase's answers: signed tokens that expire
 * (uploads after 2 hours, reads after `expiresIn`), 400/403/404/409/413 bodies of the shape
 * { statusCode, error, message }. Local runs and tests use it in place of the real service, so the
 * two-step upload takes the same path everywhere. Files are kept in memory.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';

export type StandInOptions = {
  serviceKey: string;
  /** Signs upload and read tokens (Supabase signs them with the project's JWT secret). */
  secret: string;
  bucket: string;
  /** The bucket's file size limit (bytes). */
  maxBytes?: number;
  /** Signed upload URLs last this long (Supabase: 2 hours). */
  uploadTtlSeconds?: number;
  now?: () => number;
};

export type StorageStandIn = {
  handle(request: Request): Promise<Response>;
  /** How many objects it holds (tests). */
  size(): number;
};

type StoredObject = { bytes: Uint8Array; contentType: string };
type Claims = { url: string; exp: number; kind: 'upload' | 'read' };

const PREFIX = '/storage/v1/object/';

const fail = (status: number, error: string, message: string) =>
  Response.json({ statusCode: String(status), error, message }, { status: status === 404 ? 404 : status >= 500 ? status : 400 });

export function storageStandIn(options: StandInOptions): StorageStandIn {
  const objects = new Map<string, StoredObject>();
  const now = options.now ?? Date.now;
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  const uploadTtl = options.uploadTtlSeconds ?? 7200;

  const sign = (claims: Claims) => {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${createHmac('sha256', options.secret).update(body).digest('base64url')}`;
  };
  const verify = (token: string | null, url: string, kind: Claims['kind']): Response | null => {
    const [body, signature] = (token ?? '').split('.');
    const expected = body ? createHmac('sha256', options.secret).update(body).digest() : Buffer.alloc(0);
    const given = Buffer.from(signature ?? '', 'base64url');
    if (!body || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return fail(400, 'InvalidJWT', 'invalid signature');
    }
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Claims;
    if (claims.kind !== kind || claims.url !== url) return fail(400, 'InvalidSignature', 'The url do not match the signature');
    if (claims.exp * 1000 <= now()) return fail(400, 'InvalidJWT', '"exp" claim timestamp check failed');
    return null;
  };
  const authorised = (request: Request) => {
    const given = Buffer.from(request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
    const expected = Buffer.from(options.serviceKey);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  async function readBody(request: Request): Promise<Uint8Array | Response> {
    const declared = Number(request.headers.get('content-length') ?? '0');
    if (declared > maxBytes) return fail(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    let bytes: Uint8Array;
    if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
      const form = await request.formData();
      const file = [...form.values()].find((v): v is File => typeof v !== 'string');
      if (!file) return fail(400, 'InvalidRequest', 'No file in the form');
      bytes = new Uint8Array(await file.arrayBuffer());
    } else {
      bytes = new Uint8Array(await request.arrayBuffer());
    }
    if (bytes.length > maxBytes) return fail(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    return bytes;
  }

  function store(key: string, bytes: Uint8Array, contentType: string, upsert: boolean): Response {
    if (objects.has(key) && !upsert) return fail(409, 'Duplicate', 'The resource already exists');
    objects.set(key, { bytes, contentType });
    return Response.json({ Key: key });
  }

  const serve = (key: string, download: string | null) => {
    const found = objects.get(key);
    if (!found) return fail(404, 'not_found', 'Object not found');
    const headers: Record<string, string> = { 'content-type': found.contentType, 'cache-control': 'no-store' };
    if (download !== null)
      headers['content-disposition'] = `attachment; filename="${(download || key.split('/').pop()!).replace(/"/g, '')}"`;
    return new Response(found.bytes as BodyInit, { headers });
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(PREFIX)) return fail(404, 'not_found', 'Route not found');
    const rest = decodeURIComponent(url.pathname.slice(PREFIX.length));
    const method = request.method;
    const inBucket = (key: string) => key.startsWith(`${options.bucket}/`) && key.length > options.bucket.length + 1;

    // The browser's upload and anyone's read: the token is the only credential.
    if (rest.startsWith('upload/sign/') && method === 'PUT') {
      const key = rest.slice('upload/sign/'.length);
      const refused = verify(url.searchParams.get('token'), key, 'upload');
      if (refused) return refused;
      const body = await readBody(request);
      if (body instanceof Response) return body;
      return store(
        key,
        body,
        request.headers.get('content-type')?.split(';')[0] || 'application/octet-stream',
        request.headers.get('x-upsert') === 'true',
      );
    }
    if (rest.startsWith('sign/') && method === 'GET') {
      const key = rest.slice('sign/'.length);
      const refused = verify(url.searchParams.get('token'), key, 'read');
      return refused ?? serve(key, url.searchParams.get('download'));
    }

    if (!authorised(request)) return fail(403, 'Unauthorized', 'Invalid Compact JWS');
    if (rest.startsWith('upload/sign/') && method === 'POST') {
      const key = rest.slice('upload/sign/'.length);
      if (!inBucket(key)) return fail(404, 'Bucket not found', 'Bucket not found');
      const token = sign({ url: key, exp: Math.floor(now() / 1000) + uploadTtl, kind: 'upload' });
      return Response.json({ url: `/object/upload/sign/${encodeKey(key)}?token=${token}` });
    }
    if (rest.startsWith('sign/') && method === 'POST') {
      const key = rest.slice('sign/'.length);
      const { expiresIn } = (await request.json().catch(() => ({}))) as { expiresIn?: unknown };
      if (typeof expiresIn !== 'number' || expiresIn < 1) return fail(400, 'InvalidRequest', 'body/expiresIn must be >= 1');
      if (!objects.has(key)) return fail(404, 'not_found', 'Object not found');
      const token = sign({ url: key, exp: Math.floor(now() / 1000) + Math.floor(expiresIn), kind: 'read' });
      return Response.json({ signedURL: `/object/sign/${encodeKey(key)}?token=${token}` });
    }
    if (method === 'DELETE' && rest === options.bucket) {
      const { prefixes } = (await request.json().catch(() => ({}))) as { prefixes?: unknown };
      if (!Array.isArray(prefixes)) return fail(400, 'InvalidRequest', 'body must have required property prefixes');
      const deleted = prefixes.filter((p): p is string => typeof p === 'string' && objects.delete(`${options.bucket}/${p}`));
      return Response.json(deleted.map((name) => ({ name, bucket_id: options.bucket })));
    }
    const key = rest.replace(/^authenticated\//, '');
    if (!inBucket(key)) return fail(404, 'Bucket not found', 'Bucket not found');
    if (method === 'GET') return serve(key, null);
    if (method === 'POST' || method === 'PUT') {
      const body = await readBody(request);
      if (body instanceof Response) return body;
      const contentType = request.headers.get('content-type')?.split(';')[0] || 'application/octet-stream';
      // POST creates (x-upsert: true overwrites), PUT replaces.
      return store(key, body, contentType, method === 'PUT' || request.headers.get('x-upsert') === 'true');
    }
    return fail(405, 'InvalidRequest', 'Method not allowed');
  }

  return { handle, size: () => objects.size };
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** The stand-in on its own port (the deploy verification points Netlify's CLI at it). */
export async function serveStandIn(standIn: StorageStandIn, port = 0): Promise<{ url: string; stop: () => Promise<void>; server: Server }> {
  const server = createServer((req, res) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
    const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, {
      method: req.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    standIn
      .handle(request)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch(() => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: '500', error: 'internal', message: 'Internal Server Error' }));
      });
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actual}`,
    server,
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
