/**
 * Draws a page's Open Graph image at build time (1200 x 630 JPEG) with sharp: the page's picture
 * (or the brand's blue) darkened towards the bottom, the eyebrow and the title in Noto Sans from
 * the repository (netlify/lib/invoices/fonts), so every build machine draws the same letters.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { OG_HEIGHT, OG_WIDTH, type OgPage } from './frame.ts';

// From the project's root: the build runs this module from a bundled chunk elsewhere.
const FONTS = join(process.cwd(), 'netlify/lib/invoices/fonts');
const MARGIN = 72;
const TEXT_WIDTH = OG_WIDTH - 2 * MARGIN;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function textLayer(text: string, size: number, bold: boolean): Promise<{ input: Buffer; height: number }> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="#ffffff" size="${size}pt"${bold ? ' font_weight="bold"' : ''}>${escape(text)}</span>`,
      font: `Noto Sans${bold ? ' Bold' : ''}`,
      fontfile: join(FONTS, `NotoSans-${bold ? 'Bold' : 'Regular'}.ttf`),
      width: TEXT_WIDTH,
      dpi: 72,
      rgba: true,
      wrap: 'word',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, height: info.height };
}

/** The backdrop: the picture, covering the frame, or the brand's blue. */
function backdrop(picture: Uint8Array | undefined): sharp.Sharp {
  if (picture) return sharp(picture).resize(OG_WIDTH, OG_HEIGHT, { fit: 'cover' });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f3fb8"/><stop offset="1" stop-color="#0c1a52"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="1080" cy="90" r="260" fill="#ffffff" fill-opacity="0.06"/><circle cx="1150" cy="560" r="180" fill="#f5b301" fill-opacity="0.12"/>
  </svg>`;
  return sharp(Buffer.from(svg));
}

const SHADE = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0c1a52" stop-opacity="0.35"/><stop offset="1" stop-color="#0c1a52" stop-opacity="0.9"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#s)"/></svg>`);

export async function renderOgImage(page: OgPage, picture?: Uint8Array): Promise<Buffer> {
  const eyebrow = await textLayer(`Aspira  ·  ${page.eyebrow}`, 26, false);
  // A long title gets smaller letters rather than running off the frame.
  let title = await textLayer(page.title, 60, true);
  if (title.height > 300) title = await textLayer(page.title, 46, true);
  const titleTop = Math.max(MARGIN + eyebrow.height + 24, OG_HEIGHT - MARGIN - title.height);
  const base = await backdrop(picture).flatten({ background: '#1f3fb8' }).png().toBuffer();
  return sharp(base)
    .composite([
      { input: SHADE, top: 0, left: 0 },
      { input: eyebrow.input, top: MARGIN, left: MARGIN },
      { input: title.input, top: titleTop, left: MARGIN },
    ])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
