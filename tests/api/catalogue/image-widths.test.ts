/**
 * A course picture in the widths of its srcset (docs/architecture.md, Images and sharing): `/480` and `/800`
 * after its address are the stored picture resized (smaller bytes, cached for good; a function of
 * their own, image-widths), the address alone is the picture as stored, any other width is refused.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { postgresImageStore, processImage } from '../../../netlify/lib/images/index.ts';
import { imageSrcset } from '../../../src/shared/images.ts';
import { call, useTestDatabase } from '../support/harness.ts';

useTestDatabase();

async function storedPicture(width: number, height: number): Promise<string> {
  // Noise, so each width's bytes differ the way a photo's do.
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  const image = await processImage(new File([png], 'cover.png', { type: 'image/png' }));
  await postgresImageStore.save(image);
  return image.id;
}

describe('GET /api/v1/images/{id}/{width}', () => {
  it('answers each width of the srcset, the smaller ones resized and lighter', async () => {
    const id = await storedPicture(1600, 900);
    const url = `/api/v1/images/${id}`;
    expect(imageSrcset(url)).toBe(`${url}/480 480w, ${url}/800 800w, ${url} 1200w`);
    const sizes: Record<string, number> = {};
    for (const [query, width] of [
      ['/480', 480],
      ['/800', 800],
      ['', 1200],
    ] as const) {
      const res = await call('GET', `${url}${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const raw = await fetchBytes(url + query);
      expect((await sharp(raw).metadata()).width).toBe(width);
      sizes[width] = raw.byteLength;
    }
    expect(sizes[480]).toBeLessThan(sizes[800]!);
    expect(sizes[800]).toBeLessThan(sizes[1200]!);
  });

  it('answers a picture narrower than the width asked for as it is stored', async () => {
    const id = await storedPicture(400, 225);
    const raw = await fetchBytes(`/api/v1/images/${id}/800`);
    expect((await sharp(raw).metadata()).width).toBe(400);
  });

  it('refuses a width it does not offer, and says which it does', async () => {
    const id = await storedPicture(800, 450);
    for (const w of ['1000', '480.0', '0480', '-1', 'abc']) {
      const res = await call('GET', `/api/v1/images/${id}/${w}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: ['width: Ask for one of the widths 480, 800, or none for the full picture'] });
    }
  });
});

/** The answer's bytes (call() reads the body as text, which would mangle an image). */
async function fetchBytes(path: string): Promise<Uint8Array> {
  const file = /\/\d+$/.test(path) ? 'image-widths.mts' : 'images.mts';
  const { default: handler } = await import(`../../../netlify/functions/${file}`);
  const response = await handler(new Request(`http://localhost:8888${path}`), {});
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}
