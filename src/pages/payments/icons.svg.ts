/** /payments/icons.svg: the footer's payment icons in one file (src/components/payment-icons.ts). */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRoute } from 'astro';
import { paymentIconSources } from '../../components/payment-icon-sources.ts';
import { paymentSprite } from '../../components/payment-icons.ts';

export const GET: APIRoute = async () => {
  const sprite = paymentSprite(await paymentIconSources((path) => readFile(join(process.cwd(), 'public', path), 'utf8')));
  // Without a sprite (an icon that is not an SVG) the footer uses the files; an empty one is never linked.
  return new Response(sprite ?? '<svg xmlns="http://www.w3.org/2000/svg"/>', { headers: { 'content-type': 'image/svg+xml' } });
};
