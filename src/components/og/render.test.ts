import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderOgImage } from './render.ts';

const page = { slug: 'aspiraadmit', path: '/aspiraadmit', eyebrow: 'AspiraAdmit', title: 'Your path to a public university in Europe' };

describe('an Open Graph image', () => {
  it('is a 1200 x 630 JPEG, on the page picture when there is one, and differs by title', async () => {
    const plain = await renderOgImage(page);
    const meta = await sharp(plain).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    const picture = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#d94f1e' } })
      .webp()
      .toBuffer();
    const onPicture = await renderOgImage(page, picture);
    expect((await sharp(onPicture).metadata()).width).toBe(1200);
    // The picture is the card on the right: orange there, the brand's blue without it.
    const at = async (jpeg: Buffer) => [...(await sharp(jpeg).extract({ left: 880, top: 315, width: 1, height: 1 }).raw().toBuffer())];
    const [red, , blue] = await at(onPicture);
    expect(red).toBeGreaterThan(blue!);
    const [plainRed, , plainBlue] = await at(plain);
    expect(plainBlue).toBeGreaterThan(plainRed!);
    const other = await renderOgImage({ ...page, title: 'Digital Marketing' });
    expect(Buffer.compare(other, plain)).not.toBe(0);
  });

  it('keeps a long title inside the frame', async () => {
    const long = await renderOgImage({ ...page, title: 'A very long programme title '.repeat(4).trim() });
    expect((await sharp(long).metadata()).height).toBe(630);
  });
});
