/**
 * Compression of the local server's answers, as Netlify's CDN does it: text types only, brotli when
 * the browser accepts it, else gzip, never over an answer that already has an encoding. Static files
 * get brotli's best level once (cached by content hash, like a CDN's edge cache); function answers
 * are streamed through a fast level so nothing waits for the whole body.
 */
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable, Writable } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json|rss\+xml|atom\+xml)|image\/svg\+xml)/i;

/** The encoding for this answer, or null to send it as it is. */
export function pickEncoding(acceptEncoding: string | string[] | undefined, status: number, headers: Headers): Encoding | null {
  if (status < 200 || status === 204 || status === 206 || status === 304) return null;
  if (headers.has('content-encoding')) return null;
  if (!COMPRESSIBLE.test(headers.get('content-type') ?? '')) return null;
  const accepted = parseAccept(Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? ''));
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Codings the client accepts (q=0 means refused). */
function parseAccept(header: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

const cache = new Map<string, Buffer>();
const CACHE_LIMIT = 500;

export function compressBuffer(body: Buffer, encoding: Encoding): Buffer {
  const key = `${encoding}:${createHash('sha1').update(body).digest('base64')}`;
  let out = cache.get(key);
  if (!out) {
    out =
      encoding === 'br'
        ? brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : gzipSync(body, { level: 9 });
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, out);
  }
  return out;
}

export async function compressBody(body: Readable, res: Writable, encoding: Encoding, kind: 'file' | 'stream'): Promise<void> {
  if (kind === 'file') {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
    res.end(compressBuffer(Buffer.concat(chunks), encoding));
    return;
  }
  const zip = encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip({ level: 6 });
  // A visitor who leaves mid-answer closes the stream; that is not a server error.
  await pipeline(body, zip, res).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  });
}
