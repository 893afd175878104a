/** /payments/icons.svg: the footer's payment icons in one file (src/components/payment-icons.ts). */
import type { APIRoute } from 'astro';
import { buildPaymentSprite } from '../../components/payment-icon-sources.ts';

export const GET: APIRoute = async () => {
  // Without a sprite (an icon that is not an SVG) the footer uses the files; this one is never linked.
  const sprite = (await buildPaymentSprite()) ?? '<svg xmlns="http://www.w3.org/2000/svg"/>';
  return new Response(sprite, { headers: { 'content-type': 'image/svg+xml' } });
};
