// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import sitemap from '@astrojs/sitemap';
import { fileURLToPath } from 'node:url';
import { pagePlumbing } from './src/integrations/page-plumbing/index.ts';

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

/**
 * Islands load a few larger chunks instead of a waterfall of small ones (docs/architecture.md,
 * Pages and islands): React and its renderer in one, zod/mini in one, the toast library (fetched
 * with the first message) in one, and the code account islands share in three by what it is for.
 * Page scripts, each island's own entry and whatever else they share keep Vite's own chunks.
 */
/** @param {string} paths */
const src = (paths) => new RegExp(`src[\\/](${paths})\\.tsx?$`);
const CHUNK_GROUPS = [
  // What the course lists' page scripts share (money formatting, course pictures' widths, the
  // catalogue's signature and labels) is a chunk of its own: marketing page scripts use it (the home
  // catalogue), and a group that captured it would bring that group along. One chunk, not three:
  // two requests and their overhead fewer on the home page.
  { name: 'money', test: src('shared/(money|images)|components/catalogue/shared'), priority: 60 },
  // Vite's helper for a dynamic import: a chunk that held it would be loaded by every page script
  // that imports something lazily (a group with React in it would bring React).
  { name: 'preload', test: /vite[\\/]preload-helper/, priority: 70 },
  // What account islands and the account page scripts share, without React: the API client, the
  // session record, the flash message, the login guard, labels. (Page scripts of marketing pages
  // import none of it.)
  {
    name: 'base',
    test: src(
      'lib/(api|session|flash|dom)|islands/accounts/(guard|paths|logout)|islands/shop/labels|islands/ui/early-input|shared/dates|islands/instalments/format',
    ),
    priority: 50,
  },
  // React, its renderer and the few helpers every island renders with.
  {
    name: 'react',
    /** @param {string} id */
    test: (id) =>
      /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/.test(id) ||
      src('islands/ui/(Toasts|useFlash|useHydrated|Field)').test(id),
    priority: 40,
  },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 30 },
  { name: 'toasts', test: /node_modules[\\/](react-hot-toast|goober)[\\/]/, priority: 30 },
  // Forms: the form kit (with how a form takes over what was typed before it came alive) and the
  // shared rules they check (zod/mini). Islands without a form (/instalments) do not load it.
  {
    name: 'forms',
    test: src('lib/zod-csp|islands/ui/(useForm|useEarlyInput|ConsentNotice)|shared/(account|password|registration-form|consent)'),
    priority: 20,
  },
  // Applicants' documents: the rules and the state badge both the upload and the review screens show.
  { name: 'documents', test: src('shared/(documents|document-formats)|islands/documents/StateBadge'), priority: 15 },
  // The admin screens' own kit (admin-only code, never on a learner page): the admin guard, who is
  // logged in (the admin bar asks it too) and the list screens' parts, one file instead of three.
  { name: 'admin', test: src('islands/admin/(session|me|list-screen)'), priority: 12 },
  // Paying: billing details for the tax invoice, discount codes (the checkout itself loads when it
  // opens). The dialog stays out: /instalments and /buy pay without one.
  { name: 'pay', test: src('islands/ui/BillingFields|islands/codes/CodeField|shared/gstin'), priority: 10 },
];

const site = process.env.SITE_URL || process.env.URL || 'http://localhost:8888';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    react(),
    clientInteraction(),
    // What the build does to the written pages, and the CSP's script hashes (src/integrations/page-plumbing/README.md).
    // The content editor is an application, not a page to paint fast: its scripts run at once.
    pagePlumbing({ except: ['content-editor.html'] }),
    sitemap({
      filter: (page) =>
        !/\/(admin|buy|purchases|learn|checkin|settings|success|content-editor|parent-consent|choices|privacy-request)\b/.test(page),
    }),
  ],
  // The adapter only serves `astro dev` (it runs netlify/functions beside the dev server). A
  // production build must emit no function of its own: the adapter's path-bound catch-all would run
  // before Netlify's redirects and rewrites and answer them with the 404 page.
  adapter: isDevServer
    ? netlify({ imageCDN: false, devFeatures: { edgeFunctions: false, images: false, environmentVariables: false } })
    : undefined,
  prefetch: false,
  // Component scripts always ship as files: the CSP allows no inline script except the few the
  // built pages carry (hashed by the build: src/integrations/page-plumbing/csp.ts). Other assets inline under 2 KB.
  vite: {
    build: { assetsInlineLimit: (file, content) => (/\.m?js$/.test(file) ? false : content.length < 2048) },
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } } } } },
  },
});
