/**
 * The content editor's fonts come from this site: Sveltia CMS's own font stylesheet, in its place
 * (the same element id), with the package's font files instead of the CDN.
 */
import { describe, expect, it } from 'vitest';
import { editorFonts, localFontStylesheet } from './fonts.ts';

describe('content editor fonts', () => {
  it('are Sveltia’s font rules with the package’s own files, in the place of its stylesheet', () => {
    const { id, css } = editorFonts();
    expect(id).toMatch(/^svelte-[a-z0-9]+$/);
    const families = [...css.matchAll(/@font-face\s*\{font-family:'([^']+)'[^}]*src:url\(([^)]+)\)/g)].map((m) => [m[1], m[2]]);
    expect(families.map(([family]) => family)).toEqual(['Source Sans 3', 'Noto Mono', 'Material Symbols Outlined']);
    for (const [family, url] of families) expect(url, family).toMatch(/^\/[^:]*\.woff2$/);
    expect(css).toContain('.material-symbols-outlined {');
    expect(css).not.toMatch(/https?:/);
  });

  it('stop the build, naming what is missing, when a Sveltia version no longer matches', () => {
    expect(() => localFontStylesheet('{hash:`svelte-abc`,code:`.x{}`}', {})).toThrow(/font stylesheet .* was not found/);
    const bundle =
      "{hash:`svelte-abc`,code:`@font-face {font-family:'Material Symbols Outlined';src:url(https://cdn.jsdelivr.net/fontsource/fonts/material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2)}`}";
    expect(() => localFontStylesheet(bundle, { '/assets/noto-mono-latin-400-normal-x.woff2': '/x.woff2' })).toThrow(
      /no file of the font https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/material-symbols-outlined:vf@5\.3\.7/,
    );
    expect(localFontStylesheet(bundle, { '/assets/material-symbols-outlined-latin-wght-normal-Ab1.woff2': '/_astro/ms.woff2' })).toEqual({
      id: 'svelte-abc',
      css: "@font-face {font-family:'Material Symbols Outlined';src:url(/_astro/ms.woff2)}",
    });
  });
});
