// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import sitemap from '@astrojs/sitemap';

// The public origin: canonical links, Open Graph URLs and the sitemap are built from it.
const site = process.env.SITE_URL || process.env.URL || 'http://localhost:8888';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'auto' },
  integrations: [react(), sitemap({ filter: (page) => !/\/(admin|buy|purchases|settings|success)\b/.test(page) })],
  adapter: netlify({
    imageCDN: false,
    devFeatures: { edgeFunctions: false, images: false, environmentVariables: false },
  }),
  prefetch: false,
  vite: { build: { assetsInlineLimit: 2048 } },
});
