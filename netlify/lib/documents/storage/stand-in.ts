/**
 * A local stand-in for Supabase Storage that speaks the same HTTP API as the calls supabase.ts makes
 * (and the browser's PUT to a signed upload URL), with Supabase's answers: signed tokens that expire
 * (uploads after 2 hours, reads after `expiresIn`), 400/403/404/409/413/415 bodies of the shape
 * { statusCode, error, message }. Local runs and tests use it in place of the real service, so the
 * two-step upload takes the same path everywhere. As Storage does: a signed upload URL writes a new
 * object only, unless it was signed with `x-upsert: true` (the uploader's own header changes nothing);
 * the bucket's size limit and types are enforced, a body is never read past the limit. Unlike
 * Storage it is served on the site's own origin, so every file goes out as a download (attachment,
 * nosniff, a sandboxing CSP), never rendered inline. Files are kept in memory.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';

export type StandInOptions = {
  serviceKey: string;
  /** Signs upload and read tokens (Supabase signs them with the project's JWT secret). */
  secret: string;
  bucket: string;
  /** The bucket's file size limit (bytes; docs/supabase.md: 10 MB). */
  maxBytes?: number;
  /** The bucket's allowed types (docs/supabase.md: PDF, JPEG, PNG). */
  allowedTypes?: string[];
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
type Claims = { url: string; exp: number; kind: 'upload' | 'read'; upsert?: boolean };

const PREFIX = '/storage/v1/object/';
const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
/** Room for a multipart envelope around a file at the size limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

const fail = (status: number, error: string, message: string) =>
  Response.json({ statusCode: String(status), error, message }, { status: status === 404 ? 404 : status >= 500 ? status : 400 });
const tooLarge = () => fail(413, 'Payload too large', 'The object exceeded the maximum allowed size');
const mediaType = (value: string | null | undefined) => value?.split(';')[0]!.trim().toLowerCase() || 'application/octet-stream';

/** Reads at most `limit` bytes; null past it (the rest is left unread: memory stays bounded). */
async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** RFC 6266 with RFC 5987's filename*: any name, line breaks and quotes included, is one safe header value. */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9 ._()-]/g, '_').trim() || 'file';
  const encoded = encodeURIComponent(name.toWellFormed()).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function storageStandIn(options: StandInOptions): StorageStandIn {
  const objects = new Map<string, StoredObject>();
  const now = options.now ?? Date.now;
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  const allowedTypes = options.allowedTypes ?? DOCUMENT_TYPES;
  const uploadTtl = options.uploadTtlSeconds ?? 7200;

  const sign = (claims: Claims) => {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${createHmac('sha256', options.secret).update(body).digest('base64url')}`;
  };
  const verify = (token: string | null, url: string, kind: Claims['kind']): Claims | Response => {
    const [body, signature] = (token ?? '').split('.');
    const expected = body ? createHmac('sha256', options.secret).update(body).digest() : Buffer.alloc(0);
    const given = Buffer.from(signature ?? '', 'base64url');
    if (!body || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return fail(400, 'InvalidJWT', 'invalid signature');
    }
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Claims;
    if (claims.kind !== kind || claims.url !== url) return fail(400, 'InvalidSignature', 'The url do not match the signature');
    if (claims.exp * 1000 <= now()) return fail(400, 'InvalidJWT', '"exp" claim timestamp check failed');
    return claims;
  };
  const authorised = (request: Request) => {
    const given = Buffer.from(request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
    const expected = Buffer.from(options.serviceKey);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const refusedType = (type: string) =>
    allowedTypes.includes(type) ? null : fail(415, 'invalid_mime_type', `mime type ${type} is not supported`);

  /** The object's bytes and type, or Storage's refusal: a type the bucket refuses, a body over its limit. */
  async function readObject(request: Request): Promise<StoredObject | Response> {
    const declared = Number(request.headers.get('content-length') ?? '0');
    const type = mediaType(request.headers.get('content-type'));
    if (type === 'multipart/form-data') {
      if (declared > maxBytes + MULTIPART_OVERHEAD) return tooLarge();
      const raw = await readLimited(request.body, maxBytes + MULTIPART_OVERHEAD);
      if (!raw) return tooLarge();
      const form = await new Response(raw as BodyInit, { headers: { 'content-type': request.headers.get('content-type')! } }).formData();
      const file = [...form.values()].find((v): v is File => typeof v !== 'string');
      if (!file) return fail(400, 'InvalidRequest', 'No file in the form');
      const refused = refusedType(mediaType(file.type));
      if (refused) return refused;
      if (file.size > maxBytes) return tooLarge();
      return { bytes: new Uint8Array(await file.arrayBuffer()), contentType: mediaType(file.type) };
    }
    const refused = refusedType(type);
    if (refused) return refused;
    if (declared > maxBytes) return tooLarge();
    const bytes = await readLimited(request.body, maxBytes);
    return bytes ? { bytes, contentType: type } : tooLarge();
  }

  const exists = () => fail(409, 'Duplicate', 'The resource already exists');
  function store(key: string, object: StoredObject, upsert: boolean): Response {
    if (objects.has(key) && !upsert) return exists();
    objects.set(key, object);
    return Response.json({ Key: key });
  }

  const serve = (key: string, download: string | null) => {
    const found = objects.get(key);
    if (!found) return fail(404, 'not_found', 'Object not found');
    return new Response(found.bytes as BodyInit, {
      headers: {
        'content-type': allowedTypes.includes(found.contentType) ? found.contentType : 'application/octet-stream',
        'content-disposition': attachmentHeader(download || key.split('/').pop()!),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'no-store',
      },
    });
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
      const claims = verify(url.searchParams.get('token'), key, 'upload');
      if (claims instanceof Response) return claims;
      if (objects.has(key) && !claims.upsert) return exists();
      const object = await readObject(request);
      if (object instanceof Response) return object;
      // Whether it may overwrite was decided when the URL was signed; the uploader's x-upsert is ignored.
      return store(key, object, claims.upsert === true);
    }
    if (rest.startsWith('sign/') && method === 'GET') {
      const key = rest.slice('sign/'.length);
      const claims = verify(url.searchParams.get('token'), key, 'read');
      return claims instanceof Response ? claims : serve(key, url.searchParams.get('download'));
    }

    if (!authorised(request)) return fail(403, 'Unauthorized', 'Invalid Compact JWS');
    if (rest.startsWith('upload/sign/') && method === 'POST') {
      const key = rest.slice('upload/sign/'.length);
      if (!inBucket(key)) return fail(404, 'Bucket not found', 'Bucket not found');
      const upsert = request.headers.get('x-upsert') === 'true';
      if (objects.has(key) && !upsert) return exists();
      const token = sign({ url: key, exp: Math.floor(now() / 1000) + uploadTtl, kind: 'upload', upsert });
      return Response.json({ url: `/object/upload/sign/${encodeKey(key)}?token=${token}`, token });
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
      const upsert = method === 'PUT' || request.headers.get('x-upsert') === 'true';
      if (objects.has(key) && !upsert) return exists();
      const object = await readObject(request);
      if (object instanceof Response) return object;
      // POST creates (x-upsert: true overwrites), PUT replaces.
      return store(key, object, upsert);
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
