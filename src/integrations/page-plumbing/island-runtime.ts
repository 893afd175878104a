/**
 * Astro writes its island runtime (the `<astro-island>` element, about 4.4 KB, 1.4 KB brotli)
 * inline into every page that has an island. Where the islands wait for the visitor (the forms,
 * the course list), those bytes decide on a slow phone connection whether the page's HTML arrives
 * in the first round trip or needs a second one before anything can be painted
 * (docs/architecture.md, Budgets). There the build moves it into one file under /_astro/, named by
 * its content (cached for a year like the rest of /_astro/: the next page does not fetch it
 * again), which the page's bootstrap imports first of its modules, after the first paint or at
 * the visitor's first intent. It draws nothing; an island's element waits to be upgraded until it
 * arrives; what the visitor does before that is kept for the island by the bootstrap
 * (./after-paint.ts, `data-intent`, `data-held`).
 */
import { createHash } from 'node:crypto';
import { ACCOUNT_GUARD } from '../../layouts/account-guard.ts';
import { broken, islands } from './contract.ts';

const DEFINES_ISLAND = 'customElements.define("astro-island"';
const OPEN = '<script>';
const CLOSE = '</script>';

export type Runtime = { file: string; code: string };

/** The page's inline runtime, or null when it has none (a page with islands always has one: the contract's "Island runtime"). */
export function inlineIslandRuntime(html: string): { start: number; end: number; code: string } | null {
  const at = html.indexOf(DEFINES_ISLAND);
  if (at === -1) return null;
  const start = html.lastIndexOf(OPEN, at);
  const close = html.indexOf(CLOSE, at);
  // Only a bare inline <script> holding it (a module or JSON script never matches).
  if (start === -1 || close === -1 || html.indexOf('</script', start + OPEN.length) < at) return null;
  return { start, end: close + CLOSE.length, code: html.slice(start + OPEN.length, close) };
}

export const runtimeFile = (code: string): string => `astro-island.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;

/**
 * Does an island start by itself (`client:load`, `client:only`, or `client:interaction` with
 * `paint`: a screen that draws data after the first paint)? Then the runtime is needed at once
 * and stays inline: a file would be one more request on the way to the screen.
 */
export const startsByItself = (html: string): boolean =>
  islands(html).some(
    ({ client, value }) =>
      client === 'load' || client === 'only' || (client === 'interaction' && typeof value === 'string' && /\bpaint\b/.test(value)),
  );

/** The page with its inline runtime replaced by the file, and the file to write (null: nothing to move). */
export function externalIslandRuntime(html: string): { html: string; runtime: Runtime | null } {
  const found = inlineIslandRuntime(html);
  if (!found && islands(html).length > 0)
    broken('Island runtime', `The page has islands but no inline <script> holding ${DEFINES_ISLAND}…).`);
  if (!found || startsByItself(html)) return { html, runtime: null };
  const file = runtimeFile(found.code);
  const tag = `<script src="/_astro/${file}" async></script>`;
  // At the end of <body>: the page's images are asked for before it (the first of them gets the
  // connection the HTML came on), and the runtime still arrives before any island could start.
  const page = html.slice(0, found.start) + html.slice(found.end);
  const end = page.lastIndexOf('</body>');
  const at = end === -1 ? found.start : end;
  return { html: page.slice(0, at) + tag + page.slice(at), runtime: { file, code: found.code } };
}

const RUNTIME_TAG = /<script src="(\/_astro\/astro-island\.[0-9a-f]+\.js)" async><\/script>/;

/**
 * With a page bootstrap (./after-paint.ts), the runtime becomes the first of the modules it imports
 * after the first paint (or at the first intent): nothing is asked for while the page's first
 * content is on its way. A page without one keeps the `async` file.
 */
export function runtimeIntoLoader(html: string): string {
  const tag = html.match(RUNTIME_TAG);
  if (!tag || !html.includes('<script data-modules="')) return html;
  return html.replace(tag[0], '').replace('<script data-modules="', `<script data-modules="${tag[1]} `);
}

/** Our own inline scripts that name the element without defining Astro's runtime. */
const NAMING_ISLANDS = new Set([ACCOUNT_GUARD]);

/**
 * The build's last word on a page: where every island waits for the visitor, no inline script
 * may still hold Astro's runtime (it would push the page's HTML past the first round trip).
 */
export function assertRuntimeMoved(html: string, ownScripts: readonly string[]): void {
  if (islands(html).length === 0 || startsByItself(html)) return;
  const ours = new Set([...NAMING_ISLANDS, ...ownScripts]);
  for (const [, attributes, code] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=|type="(?!module")/.test(attributes!) || ours.has(code!) || !code!.includes('astro-island')) continue;
    broken('Island runtime', 'Every island of the page waits for the visitor, yet an inline script still carries the island runtime.');
  }
}
