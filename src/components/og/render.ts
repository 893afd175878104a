/**
 * Draws a page's Open Graph image at build time (1200 x 630 JPEG) with sharp: the brand's blue,
 * the eyebrow and the title in Noto Sans from the repository, and the course's picture as a card
 * beside them (netlify/lib/invoices/fonts), so every build machine draws the same letters.
 */
import { join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { OG_HEIGHT, OG_WIDTH, type OgPage } from './frame.ts';

// From the project's root: the build runs this module from a bundled chunk elsewhere.
const FONTS = join(process.cwd(), 'netlify/lib/invoices/fonts');
const MARGIN = 72;
/** A course's picture sits on the right, as a card, beside the text: its own words stay readable. */
const PICTURE = { width: 480, height: 270 };
const PICTURE_LEFT = OG_WIDTH - MARGIN - PICTURE.width;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function textLayer(text: string, size: number, bold: boolean, width: number): Promise<{ input: Buffer; height: number }> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="#ffffff" size="${size}pt"${bold ? ' font_weight="bold"' : ''}>${escape(text)}</span>`,
      font: `Noto Sans${bold ? ' Bold' : ''}`,
      fontfile: join(FONTS, `NotoSans-${bold ? 'Bold' : 'Regular'}.ttf`),
      width,
      dpi: 72,
      rgba: true,
      wrap: 'word',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, height: info.height };
}

const BACKDROP = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f3fb8"/><stop offset="1" stop-color="#0c1a52"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="1080" cy="90" r="260" fill="#ffffff" fill-opacity="0.06"/><circle cx="1150" cy="560" r="180" fill="#f5b301" fill-opacity="0.12"/>
</svg>`);

const ROUNDED = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE.width}" height="${PICTURE.height}"><rect width="100%" height="100%" rx="20" ry="20"/></svg>`,
);

/** The picture as a rounded card, covering its frame. */
async function pictureCard(picture: Uint8Array): Promise<Buffer> {
  return sharp(picture)
    .resize(PICTURE.width, PICTURE.height, { fit: 'cover' })
    .ensureAlpha()
    .composite([{ input: ROUNDED, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

export async function renderOgImage(page: OgPage, picture?: Uint8Array): Promise<Buffer> {
  const textWidth = picture ? PICTURE_LEFT - 2 * MARGIN + 24 : OG_WIDTH - 2 * MARGIN;
  const eyebrow = await textLayer(`Aspira  ·  ${page.eyebrow}`, 26, false, textWidth);
  // A long title gets smaller letters rather than running off the frame.
  let title = await textLayer(page.title, picture ? 52 : 60, true, textWidth);
  if (title.height > 300) title = await textLayer(page.title, 40, true, textWidth);
  const titleTop = Math.max(MARGIN + eyebrow.height + 24, OG_HEIGHT - MARGIN - title.height);
  const layers: OverlayOptions[] = [
    { input: eyebrow.input, top: MARGIN, left: MARGIN },
    { input: title.input, top: titleTop, left: MARGIN },
  ];
  if (picture) {
    const card = await pictureCard(picture).catch(() => null); // an unreadable picture leaves the text alone
    if (card) layers.push({ input: card, top: Math.round((OG_HEIGHT - PICTURE.height) / 2), left: PICTURE_LEFT });
  }
  return sharp(BACKDROP).composite(layers).flatten({ background: '#1f3fb8' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
