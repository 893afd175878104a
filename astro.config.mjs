// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import sitemap from '@astrojs/sitemap';
import { fileURLToPath } from 'node:url';
import { afterPaintScripts } from './src/integrations/after-paint.ts';

// The public origin: canonical links, Open Graph URLs and the sitemap are built from it.
const isDevServer = process.argv.slice(2).includes('dev');

/** `client:interaction` (src/directives/interaction.ts): islands that load on the visitor's first intent. */
/** @returns {import('astro').AstroIntegration} */
function clientInteraction() {
  return {
    name: 'aspira:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) =>
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./src/directives/interaction.ts', import.meta.url)) }),
    },
  };
}

const site = process.env.SITE_URL || process.env.URL || 'http://localhost:8888';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    react(),
    clientInteraction(),
    // The content editor is an application, not a page to paint fast: its scripts run at once.
    afterPaintScripts({ except: ['content-editor.html'] }),
    sitemap({
      filter: (page) => !/\/(admin|buy|purchases|settings|success|content-editor|parent-consent|choices|privacy-request)\b/.test(page),
    }),
  ],
  // The adapter only serves `astro dev` (it runs netlify/functions beside the dev server). A
  // production build must emit no function of its own: the adapter's path-bound catch-all would run
  // before Netlify's redirects and rewrites and answer them with the 404 page.
  adapter: isDevServer
    ? netlify({ imageCDN: false, devFeatures: { edgeFunctions: false, images: false, environmentVariables: false } })
    : undefined,
  prefetch: false,
  // Component scripts always ship as files: the CSP allows no inline script except the few Astro
  // emits itself (hashes in netlify/lib/platform/security-headers.ts). Other assets inline under 2 KB.
  vite: { build: { assetsInlineLimit: (file, content) => (/\.m?js$/.test(file) ? false : content.length < 2048) } },
});
