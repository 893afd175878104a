import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { compressBody, compressBuffer, pickEncoding } from './compress.ts';

const html = new Headers({ 'content-type': 'text/html; charset=utf-8' });

describe('pickEncoding: what Netlify CDN compresses', () => {
  it('prefers brotli, falls back to gzip, else sends as is', () => {
    expect(pickEncoding('gzip, deflate, br', 200, html)).toBe('br');
    expect(pickEncoding('gzip, deflate', 200, html)).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip', 200, html)).toBe('gzip');
    expect(pickEncoding('identity', 200, html)).toBeNull();
    expect(pickEncoding(undefined, 200, html)).toBeNull();
  });
  it('compresses text types only, and never twice', () => {
    for (const type of ['text/css', 'application/javascript', 'application/json', 'image/svg+xml', 'text/plain'])
      expect(pickEncoding('br', 200, new Headers({ 'content-type': type }))).toBe('br');
    for (const type of ['image/webp', 'image/avif', 'video/mp4', 'application/octet-stream'])
      expect(pickEncoding('br', 200, new Headers({ 'content-type': type }))).toBeNull();
    expect(pickEncoding('br', 200, new Headers({ 'content-type': 'text/html', 'content-encoding': 'gzip' }))).toBeNull();
  });
  it('leaves bodiless and partial answers alone', () => {
    for (const status of [204, 206, 304]) expect(pickEncoding('br', status, html)).toBeNull();
  });
});

describe('compression round trip', () => {
  const text = Buffer.from('<p>Aspira</p>'.repeat(500));
  it('a file decodes to the same bytes and is much smaller', () => {
    const br = compressBuffer(text, 'br');
    expect(brotliDecompressSync(br).equals(text)).toBe(true);
    expect(br.length).toBeLessThan(text.length / 10);
    expect(gunzipSync(compressBuffer(text, 'gzip')).equals(text)).toBe(true);
  });
  it('a streamed answer decodes to the same bytes', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await compressBody(Readable.from([text.subarray(0, 100), text.subarray(100)]), out, 'gzip', 'stream');
    expect(gunzipSync(Buffer.concat(chunks)).equals(text)).toBe(true);
  });
});
