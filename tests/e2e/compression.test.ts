/** The local server compresses as Netlify's CDN does, so the bench measures what production sends. */
import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { baseUrl, e2eDescribe } from './harness.ts';

e2eDescribe('compression (as Netlify CDN serves)', () => {
  /** One raw request: the body as sent on the wire, undecoded. */
  function raw(path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const url = new URL(path, baseUrl);
      const request = httpGet(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
    });
  }

  it('pages, scripts and API answers come brotli-compressed, else gzip, else as they are; images are not recompressed', async () => {
    const plain = await raw('/aspirademy');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await raw('/aspirademy', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const gz = await raw('/aspirademy', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

    const script = plain.body.toString().match(/data-modules="(\/_astro\/[^" ]+\.js)/)?.[1];
    expect(script).toBeTruthy();
    expect((await raw(script!, 'br')).headers['content-encoding']).toBe('br');
    const api = await raw('/api/v1/course/courses', 'br');
    expect(api.status).toBe(200);
    expect(api.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(api.body).toString())).toBeTruthy();
    const image = await raw('/media/hero-640.webp', 'br');
    expect(image.headers['content-encoding']).toBeUndefined();
  });
});
