/** robots.txt with an absolute sitemap address (built from the site's public origin). */
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site).href;
  const body = [
    'User-agent: *',
    'Disallow: /admin/',
    'Disallow: /buy/',
    'Disallow: /purchases',
    'Disallow: /settings',
    'Disallow: /success',
    'Disallow: /api/',
    '',
    `Sitemap: ${sitemap}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
