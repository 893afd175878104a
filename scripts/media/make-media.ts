/**
 * Makes the site's own images and hero video from SVG drawn here: partner wordmarks, payment-method
 * icons, favicons, the hero poster (AVIF + WebP at two widths), the Open Graph image and a short
 * looping hero video (WebM + MP4, needs ffmpeg on PATH). Run: node scripts/media/make-media.ts
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import sharp from 'sharp';

const ROOT = join(import.meta.dirname, '..', '..');
const PUBLIC = join(ROOT, 'public');
for (const dir of ['partners', 'payments', 'media']) mkdirSync(join(PUBLIC, dir), { recursive: true });
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

// Partner wordmarks: a simple geometric mark plus the name, in one muted brand colour each.
const partners: [string, string, string, string][] = [
  ['northwind', 'Northwind', '#2b4c7e', 'M4 28 L14 8 L24 28 Z'],
  ['lumen', 'Lumen', '#8a5a00', 'M14 4 a12 12 0 1 0 0.01 0 Z'],
  ['skyway', 'Skyway', '#0b6e8a', 'M2 22 Q14 4 26 22 L20 22 Q14 12 8 22 Z'],
  ['kitehub', 'KiteHub', '#6b3fa0', 'M14 2 L26 16 L14 30 L2 16 Z'],
  ['verdant', 'Verdant', '#2e7d32', 'M4 26 Q4 6 26 4 Q24 26 4 26 Z'],
  ['orbitly', 'orbitly', '#c2410c', 'M14 6 a10 10 0 1 0 0.01 0 Z M14 12 a4 4 0 1 1 -0.01 0 Z'],
  ['meridian', 'MERIDIAN', '#7c2d12', 'M2 28 L2 6 L14 18 L26 6 L26 28 L21 28 L21 17 L14 24 L7 17 L7 28 Z'],
  ['quanta', 'Quanta', '#1e40af', 'M4 4 H24 V24 H4 Z M10 10 V18 H18 V10 Z'],
  ['pinecrest', 'Pinecrest', '#14532d', 'M14 2 L24 16 H18 L26 28 H2 L10 16 H4 Z'],
  ['bluepeak', 'BluePeak', '#0369a1', 'M2 26 L10 10 L15 18 L19 12 L26 26 Z'],
  ['sutra', 'sutra', '#be123c', 'M6 8 Q14 0 22 8 Q14 16 22 24 Q14 32 6 24 Q14 16 6 8 Z'],
];
const widths: Record<string, number> = {};
for (const [id, name, color, path] of partners) {
  const w = Math.round(40 + name.length * 11.5);
  widths[id] = w;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} 32" width="${w}" height="32"><path d="${path}" fill="${color}"/><text x="34" y="23" font-family="${FONT}" font-size="19" font-weight="700" fill="${color}">${name}</text></svg>`;
  writeFileSync(join(PUBLIC, 'partners', `${id}.svg`), svg);
}

// Payment-method icons: 66×42 cards.
const card = (body: string, bg = '#fff') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 66 42" width="66" height="42"><rect width="66" height="42" rx="6" fill="${bg}"/>${body}</svg>`;
const payments: Record<string, string> = {
  upi: card(
    `<text x="33" y="27" text-anchor="middle" font-family="${FONT}" font-size="17" font-weight="800" font-style="italic" fill="#4b4b4b">UPI</text><path d="M49 12 l5 9 -5 9z" fill="#f57c00"/><path d="M53 12 l5 9 -5 9z" fill="#2e7d32"/>`,
  ),
  visa: card(
    `<text x="33" y="28" text-anchor="middle" font-family="${FONT}" font-size="19" font-weight="900" font-style="italic" fill="#1a1f71">VISA</text>`,
  ),
  mastercard: card(`<circle cx="27" cy="21" r="11" fill="#eb001b"/><circle cx="39" cy="21" r="11" fill="#f79e1b" fill-opacity="0.9"/>`),
  rupay: card(
    `<text x="31" y="27" text-anchor="middle" font-family="${FONT}" font-size="15" font-weight="900" font-style="italic" fill="#1b3f8f">RuPay</text><path d="M52 13 l6 8 -6 8z" fill="#f58220"/>`,
  ),
  netbanking: card(
    `<path d="M33 8 L50 16 H16 Z" fill="#1f3fb8"/><rect x="19" y="18" width="4" height="11" fill="#1f3fb8"/><rect x="27" y="18" width="4" height="11" fill="#1f3fb8"/><rect x="35" y="18" width="4" height="11" fill="#1f3fb8"/><rect x="43" y="18" width="4" height="11" fill="#1f3fb8"/><rect x="15" y="31" width="36" height="3" fill="#1f3fb8"/>`,
  ),
  wallet: card(
    `<rect x="17" y="12" width="32" height="20" rx="4" fill="#0f766e"/><rect x="37" y="18" width="14" height="8" rx="3" fill="#5eead4"/><circle cx="42" cy="22" r="1.8" fill="#0f766e"/>`,
  ),
};
for (const [id, svg] of Object.entries(payments)) writeFileSync(join(PUBLIC, 'payments', `${id}.svg`), svg);

// Favicons.
const mark = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}"><rect width="32" height="32" rx="8" fill="#1f3fb8"/><path d="M8 24l8-15 8 15" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/><path d="M11.5 19h9" stroke="#f5b335" stroke-width="3.2" stroke-linecap="round"/></svg>`;
writeFileSync(join(PUBLIC, 'favicon.svg'), mark(32));
await sharp(Buffer.from(mark(180)))
  .png()
  .toFile(join(PUBLIC, 'apple-touch-icon.png'));
// A PNG-in-ICO favicon (browsers accept a single 32×32 PNG entry).
const png32 = await sharp(Buffer.from(mark(32)))
  .png()
  .toBuffer();
const ico = Buffer.alloc(22);
ico.writeUInt16LE(0, 0);
ico.writeUInt16LE(1, 2);
ico.writeUInt16LE(1, 4);
ico.writeUInt8(32, 6);
ico.writeUInt8(32, 7);
ico.writeUInt16LE(1, 10);
ico.writeUInt16LE(32, 12);
ico.writeUInt32LE(png32.length, 14);
ico.writeUInt32LE(22, 18);
writeFileSync(join(PUBLIC, 'favicon.ico'), Buffer.concat([ico, png32]));

/**
 * The hero scene at time t (0..1 over one loop): a classroom-at-dusk abstraction - a deep blue sky,
 * drifting light orbs, a skyline of campus buildings, a globe with orbiting paths and a rising chart.
 */
function scene(t: number, w = 1280, h = 720): string {
  const TAU = Math.PI * 2;
  // Shapes are laid out in the 1280x720 viewBox; w and h only set the rendered size.
  const H = 720;
  const orb = (cx: number, cy: number, r: number, color: string, phase: number, amp: number) =>
    `<circle cx="${cx + Math.cos(TAU * (t + phase)) * amp}" cy="${cy + Math.sin(TAU * (t + phase)) * amp * 0.6}" r="${r}" fill="${color}"/>`;
  const globeX = 930;
  const globeY = 330;
  const orbit = (rx: number, ry: number, rot: number, phase: number, color: string) => {
    const a = TAU * (t + phase);
    const x = Math.cos(a) * rx;
    const y = Math.sin(a) * ry;
    const r = (rot * Math.PI) / 180;
    return `<ellipse cx="${globeX}" cy="${globeY}" rx="${rx}" ry="${ry}" transform="rotate(${rot} ${globeX} ${globeY})" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="2"/>
      <circle cx="${globeX + x * Math.cos(r) - y * Math.sin(r)}" cy="${globeY + x * Math.sin(r) + y * Math.cos(r)}" r="9" fill="${color}"/>`;
  };
  const bars = [0.35, 0.5, 0.45, 0.7, 0.9]
    .map((v, i) => {
      const grow = v * (0.85 + 0.15 * Math.sin(TAU * (t + i * 0.15)));
      const bh = 170 * grow;
      return `<rect x="${1040 + i * 34}" y="${620 - bh}" width="24" height="${bh}" rx="4" fill="${i === 4 ? '#f5b335' : '#6f8ff0'}" fill-opacity="${i === 4 ? 1 : 0.8}"/>`;
    })
    .join('');
  const skyline = [
    [560, 120, 90],
    [655, 190, 70],
    [730, 150, 110],
    [845, 100, 80],
    [930, 210, 60],
    [995, 140, 40],
  ]
    .map(([x, hh, ww]) => `<rect x="${x}" y="${H - 90 - hh!}" width="${ww}" height="${hh! + 90}" fill="#142a74"/>`)
    .join('');
  const windows = Array.from({ length: 26 }, (_, i) => {
    const x = 575 + (i % 13) * 34;
    const y = H - 190 + Math.floor(i / 13) * 40;
    const on = Math.sin(TAU * (t * 2 + i * 0.37)) > -0.2;
    return `<rect x="${x}" y="${y}" width="12" height="16" rx="2" fill="#f5b335" fill-opacity="${on ? 0.85 : 0.2}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="${w}" height="${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1747"/><stop offset="0.6" stop-color="#1d3aa8"/><stop offset="1" stop-color="#3556d6"/></linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#f5b335" stop-opacity="0.9"/><stop offset="1" stop-color="#f5b335" stop-opacity="0"/></radialGradient>
    <radialGradient id="globe" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#7fa0ff"/><stop offset="1" stop-color="#2341b8"/></radialGradient>
    <filter id="blur"><feGaussianBlur stdDeviation="30"/></filter>
  </defs>
  <rect width="1280" height="720" fill="url(#sky)"/>
  <g filter="url(#blur)" opacity="0.7">
    ${orb(1050, 140, 150, '#f5b335', 0, 30)}
    ${orb(700, 520, 180, '#4f73ff', 0.3, 40)}
    ${orb(300, 200, 140, '#2a4fd6', 0.6, 35)}
  </g>
  <circle cx="${1100 + Math.sin(TAU * t) * 10}" cy="150" r="160" fill="url(#sun)"/>
  ${skyline}${windows}
  <circle cx="${globeX}" cy="${globeY}" r="120" fill="url(#globe)"/>
  <path d="M${globeX - 120} ${globeY} h240 M${globeX} ${globeY - 120} v240" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/>
  <ellipse cx="${globeX}" cy="${globeY}" rx="60" ry="120" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="2"/>
  <ellipse cx="${globeX}" cy="${globeY}" rx="120" ry="45" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="2"/>
  ${orbit(190, 70, -18, 0, '#f5b335')}
  ${orbit(170, 95, 28, 0.45, '#ffffff')}
  <g transform="translate(${globeX - 45} ${globeY - 215 + Math.sin(TAU * t) * 8})">
    <path d="M0 20 L45 0 L90 20 L45 40 Z" fill="#0d1a4a"/><path d="M18 30 v20 c14 10 40 10 54 0 v-20 L45 40 Z" fill="#0d1a4a"/>
    <path d="M80 24 v22" stroke="#f5b335" stroke-width="4" stroke-linecap="round"/>
  </g>
  ${bars}
  <rect x="0" y="${H - 40}" width="1280" height="40" fill="#0b1747"/>
</svg>`;
}

const poster = Buffer.from(scene(0));
for (const width of [640, 1280]) {
  const img = sharp(poster).resize(width);
  await img
    .clone()
    .webp({ quality: width > 700 ? 62 : 58, effort: 6 })
    .toFile(join(PUBLIC, 'media', `hero-${width}.webp`));
  await img
    .clone()
    .avif({ quality: width > 700 ? 45 : 42, effort: 6 })
    .toFile(join(PUBLIC, 'media', `hero-${width}.avif`));
}
await sharp(Buffer.from(scene(0, 1200, 675)))
  .resize(1200, 630, { fit: 'cover' })
  .jpeg({ quality: 70, mozjpeg: true })
  .toFile(join(PUBLIC, 'media', 'og.jpg'));

// The hero loop: 6 s at 24 fps, 960×540.
const ffmpeg = spawnSync('ffmpeg', ['-version']);
if (ffmpeg.status === 0) {
  const dir = mkdtempSync(join(tmpdir(), 'aspira-hero-'));
  const FRAMES = 144;
  for (let i = 0; i < FRAMES; i++) {
    await sharp(Buffer.from(scene(i / FRAMES, 960, 540)))
      .png({ compressionLevel: 1 })
      .toFile(join(dir, `f${String(i).padStart(3, '0')}.png`));
  }
  const input = ['-y', '-loglevel', 'error', '-framerate', '24', '-i', join(dir, 'f%03d.png')];
  spawnSync(
    'ffmpeg',
    [...input, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '45', '-row-mt', '1', '-an', join(PUBLIC, 'media', 'hero.webm')],
    { stdio: 'inherit' },
  );
  spawnSync(
    'ffmpeg',
    [
      ...input,
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '32',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      join(PUBLIC, 'media', 'hero.mp4'),
    ],
    { stdio: 'inherit' },
  );
  rmSync(dir, { recursive: true, force: true });
} else {
  console.warn('ffmpeg not found: hero video not made (the poster is shown instead).');
}

for (const f of ['hero-640.webp', 'hero-640.avif', 'hero-1280.webp', 'hero-1280.avif', 'og.jpg', 'hero.webm', 'hero.mp4']) {
  try {
    console.log(`${f}: ${statSync(join(PUBLIC, 'media', f)).size} bytes`);
  } catch {}
}
console.log(
  'partner widths (for src/content/partners.yaml at 40px height):',
  Object.fromEntries(Object.entries(widths).map(([k, v]) => [k, Math.round((v * 40) / 32)])),
);
