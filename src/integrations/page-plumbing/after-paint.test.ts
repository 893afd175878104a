import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { INLINE_SCRIPT_HASHES } from '../../../netlify/lib/platform/security-headers.ts';
import { PENDING_LANDING_KEY } from '../../islands/leads/tracking.ts';
import { AFTER_PAINT_LOADER, deferModuleScripts, withImports } from './after-paint.ts';
import { scriptHash } from './csp.ts';

const page = (body: string) =>
  `<!doctype html><html><head><script type="application/ld+json">{}</script></head><body>${body}</body></html>`;

describe('page scripts after the first paint', () => {
  it('moves every module script into one loader at the end of <body>, once each', () => {
    const html = page(
      '<header><script type="module" src="/_astro/Header.abc.js"></script></header><main>Hi</main>' +
        '<script type="module" src="/_astro/Search.def.js"></script><script type="module" src="/_astro/Header.abc.js"></script>',
    );
    const out = deferModuleScripts(html);
    expect(out).not.toContain('type="module"');
    expect(out).toContain(`<script data-modules="/_astro/Header.abc.js /_astro/Search.def.js">${AFTER_PAINT_LOADER}</script></body>`);
    expect(out).toContain('<script type="application/ld+json">{}</script>');
    expect(out).toContain('<main>Hi</main>');
  });

  it('leaves a page without module scripts, and inline or external classic scripts, as they are', () => {
    const html = page(
      '<main>Hi</main><script>document.title="x"</script><script src="https://checkout.razorpay.com/v1/checkout.js"></script>',
    );
    expect(deferModuleScripts(html)).toBe(html);
  });

  it('stops the build when a module script is written in a way the loader does not take, on a page with others or none', () => {
    const odd = '<script type="module" src="/_astro/Search.def.js" defer></script>';
    const contract = /Page plumbing contract broken: "Component scripts" \(src\/integrations\/page-plumbing\/README.md\)/;
    expect(() => deferModuleScripts(page(`<main>Hi</main>${odd}`))).toThrow(contract);
    expect(() => deferModuleScripts(page(`<script type="module" src="/_astro/Header.abc.js"></script>${odd}`))).toThrow(contract);
    expect(() => deferModuleScripts(`${page('<main>Hi</main>')}<script type="module">import "/_astro/A.js"</script>`)).toThrow(contract);
  });

  it('leaves a script kept inert in a lazy template where it is, out of the loader', () => {
    const lazy = '<template data-lazy="advisor-form"><script type="module" src="/_astro/AdvisorFormScript.ghi.js"></script></template>';
    const out = deferModuleScripts(page(`<main>Hi</main>${lazy}<script type="module" src="/_astro/Search.def.js"></script>`));
    expect(out).toContain(`<main>Hi</main>${lazy}<script data-modules="/_astro/Search.def.js">`);
  });

  it("moves a wrapping layout's script, emitted after the document's end, into the loader too", () => {
    const html = `${page('<main>Hi</main><script type="module" src="/_astro/Search.def.js"></script>')}<script type="module" src="/_astro/AccountLayout.xyz.js"></script>`;
    const out = deferModuleScripts(html);
    expect(out).not.toContain('type="module"');
    expect(out).toContain(
      `<script data-modules="/_astro/Search.def.js /_astro/AccountLayout.xyz.js">${AFTER_PAINT_LOADER}</script></body></html>`,
    );
    expect(out.endsWith('</html>')).toBe(true);
  });

  it("asks for a page's own scripts first, the layouts' chrome right after", async () => {
    const files: Record<string, string> = {
      'BaseLayout.astro_astro_type_script_index_0_lang.a.js': 'import"./tracking.b.js";',
      'tracking.b.js': 'import"./base.c.js";',
      'base.c.js': 'export{}',
      'purchases.astro_astro_type_script_index_0_lang.d.js': 'import"./base.c.js";',
    };
    const read = async (file: string) => files[file] ?? Promise.reject(new Error('no file'));
    const html = deferModuleScripts(
      page(
        '<main>Hi</main><script type="module" src="/_astro/BaseLayout.astro_astro_type_script_index_0_lang.a.js"></script><script type="module" src="/_astro/purchases.astro_astro_type_script_index_0_lang.d.js"></script>',
      ),
    );
    expect(await withImports(html, '', read)).toContain(
      '<script data-modules="/_astro/purchases.astro_astro_type_script_index_0_lang.d.js /_astro/base.c.js" data-later="/_astro/BaseLayout.astro_astro_type_script_index_0_lang.a.js /_astro/tracking.b.js">',
    );
  });

  it('lists what the page scripts import too, so the loader asks for every file at once', async () => {
    const files: Record<string, string> = {
      'Base.a.js': 'import{t}from"./tracking.b.js";import"./base.c.js";',
      'tracking.b.js': 'import"./base.c.js";export const t=1',
      'base.c.js': 'export{}',
      'Account.d.js': 'import"./base.c.js";',
    };
    const read = async (file: string) => files[file] ?? Promise.reject(new Error('no file'));
    const html = deferModuleScripts(
      page(
        '<main>Hi</main><script type="module" src="/_astro/Base.a.js"></script><script type="module" src="/_astro/Account.d.js"></script>',
      ),
    );
    expect(await withImports(html, '', read)).toContain(
      `<script data-modules="/_astro/Base.a.js /_astro/tracking.b.js /_astro/base.c.js /_astro/Account.d.js">${AFTER_PAINT_LOADER}</script>`,
    );
  });

  it('holds the submit of every form not alive yet, where the form kit makes it once alive', async () => {
    expect(AFTER_PAINT_LOADER).toContain("if(t.hasAttribute('data-await')){e.preventDefault();t.setAttribute('data-held','')}");
    const kit = await readFile(new URL('../../islands/ui/useEarlyInput.ts', import.meta.url), 'utf8');
    expect(kit).toContain("'data-await': ''");
    expect(kit).toContain("form.removeAttribute('data-held');");
  });

  it('keeps early intent and a held press only for interaction islands not watched yet, where the directive looks for them', async () => {
    expect(AFTER_PAINT_LOADER).toContain("closest('astro-island[client=interaction]:not([data-watched])')");
    expect(AFTER_PAINT_LOADER).toContain("setAttribute('data-intent','')");
    const directive = await readFile(new URL('../../directives/interaction.ts', import.meta.url), 'utf8');
    expect(directive).toContain("el.setAttribute('data-watched', '')");
    expect(directive).toContain("el.querySelector<HTMLElement>('[data-held]')");
    expect(directive).toContain("el.hasAttribute('data-intent')");
  });

  it('notes a campaign landing where tracking looks for it', () => {
    expect(AFTER_PAINT_LOADER).toContain(`sessionStorage.setItem('${PENDING_LANDING_KEY}'`);
  });

  it("the loader's hash is in the Content-Security-Policy (else browsers refuse to run it)", () => {
    expect(INLINE_SCRIPT_HASHES).toContain(scriptHash(AFTER_PAINT_LOADER));
  });
});
