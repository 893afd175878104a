/**
 * Astro writes its island runtime (the `<astro-island>` element, about 4.4 KB, 1.4 KB brotli)
 * inline into every page that has an island. On a slow phone connection those bytes decide
 * whether the page's HTML arrives in the first round trip or needs a second one before anything
 * can be painted (docs/architecture.md, Budgets). The build moves it into one file under
 * /_astro/, named by its content (cached for a year like the rest of /_astro/, so the second page
 * a visitor opens does not fetch it again), loaded `async`: it draws nothing, an island's element
 * simply waits to be upgraded until it arrives, and an island's directive script, inline before it,
 * is found whichever runs first (Astro's own contract between the two).
 */
import { createHash } from 'node:crypto';

const DEFINES_ISLAND = 'customElements.define("astro-island"';
const OPEN = '<script>';
const CLOSE = '</script>';

export type Runtime = { file: string; code: string };

/** The page's inline runtime, or null when it has none. */
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

/** The page with its inline runtime replaced by the file, and the file to write (null: nothing to move). */
export function externalIslandRuntime(html: string): { html: string; runtime: Runtime | null } {
  const found = inlineIslandRuntime(html);
  if (!found) return { html, runtime: null };
  const file = runtimeFile(found.code);
  const tag = `<script src="/_astro/${file}" async></script>`;
  return { html: html.slice(0, found.start) + tag + html.slice(found.end), runtime: { file, code: found.code } };
}
