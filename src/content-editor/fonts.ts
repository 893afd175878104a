/**
 * Sveltia CMS's fonts (Source Sans 3, Noto Mono and the Material Symbols icons) from this site.
 * The package ships the font files, but its interface also adds a stylesheet that loads them from a
 * CDN, which the editor's CSP refuses (font-src 'self'); where that stylesheet wins, an icon is
 * drawn as its name ("arrow_back"). Sveltia adds it only when the page has no element with its id,
 * so the page (src/pages/content-editor.astro) puts in its place the same rules with the addresses
 * of the package's own files, which the build copies: the editor loads no font from another origin.
 */
import sveltiaBundle from '@sveltia/cms?raw';

/** The package's font files, as the build serves them (the same files its script registers). */
const FONT_FILES = import.meta.glob('/node_modules/@sveltia/cms/npm/assets/*.woff2', {
  query: '?url',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** A font on the CDN: https://cdn.jsdelivr.net/fontsource/fonts/material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2 */
const CDN_FONT = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(?::vf)?@[\d.]+\/([a-z0-9-]+)\.woff2/g;
/** Sveltia's component stylesheets are `{hash:`svelte-…`,code:`…`}`; the font one names the icon font. */
const FONT_STYLESHEET = /\{hash:`(svelte-[a-z0-9]+)`,code:`([^`]*?fontsource\/fonts\/material-symbols-outlined[^`]*)`\}/;

export type FontStylesheet = { id: string; css: string };

/**
 * Sveltia's font stylesheet (its element id and rules) with each CDN address replaced by the
 * package's file of the same font and subset (`files`: path → served address). Throws, naming what
 * is missing, when a new Sveltia version no longer matches: the build then stops instead of shipping
 * an editor whose icons are words.
 */
export function localFontStylesheet(bundle: string, files: Record<string, string>): FontStylesheet {
  const found = FONT_STYLESHEET.exec(bundle);
  if (!found) throw new Error('Sveltia CMS: its font stylesheet (with the Material Symbols font) was not found in @sveltia/cms');
  const [, id, code] = found as unknown as [string, string, string];
  const css = code
    .replace(/\/\*[^*]*\*\//g, '')
    .replace(/\n\s*\n/g, '\n')
    .replace(CDN_FONT, (url, family: string, subset: string) => {
      const file = Object.entries(files).find(([path]) => path.split('/').at(-1)!.startsWith(`${family}-${subset}-`));
      if (!file) throw new Error(`Sveltia CMS: no file of the font ${url} in @sveltia/cms/npm/assets`);
      return file[1];
    });
  if (/https?:|\\|\$\{/.test(css)) throw new Error(`Sveltia CMS: its font stylesheet still loads from elsewhere:\n${css}`);
  return { id, css };
}

/** The editor page's font stylesheet. */
export const editorFonts = (): FontStylesheet => localFontStylesheet(sveltiaBundle, FONT_FILES);
