import { describe, expect, it } from 'vitest';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { ACCOUNT_GUARD } from '../../layouts/account-guard.ts';
import { assertRuntimeMoved, externalIslandRuntime, runtimeFile, runtimeIntoLoader } from './island-runtime.ts';

const page = (body: string) => `<!doctype html><html><head></head><body>${body}</body></html>`;
const directive = '<script>(self.Astro||(self.Astro={})).load=async t=>{await(await t())()};</script>';

describe("Astro's island runtime as a file", () => {
  it('replaces the inline runtime with one async file named by its content at the end of <body>, and keeps the directive inline', () => {
    const html = page(
      `<main>${directive}<script>${islandScript}</script><astro-island client="interaction" opts="{}"></astro-island></main>`,
    );
    const { html: out, runtime } = externalIslandRuntime(html);
    expect(runtime).toEqual({ file: runtimeFile(islandScript), code: islandScript });
    expect(runtime!.file).toMatch(/^astro-island\.[0-9a-f]{10}\.js$/);
    expect(out).toBe(
      page(
        `<main>${directive}<astro-island client="interaction" opts="{}"></astro-island></main><script src="/_astro/${runtime!.file}" async></script>`,
      ),
    );
    expect(out).not.toContain('customElements.define');
  });

  it('keeps the runtime inline where an island starts by itself: it is needed at once', () => {
    for (const island of [
      '<astro-island uid="a" component-url="/_astro/A.a.js" client="load" opts="{}"></astro-island>',
      '<astro-island uid="a" component-url="/_astro/A.a.js" client="only" opts="{}"></astro-island>',
      '<astro-island uid="a" ssr client="interaction" opts="{&quot;name&quot;:&quot;Applications&quot;,&quot;value&quot;:&quot;paint&quot;}"></astro-island>',
    ]) {
      const html = page(`<main><script>${islandScript}</script>${island}</main>`);
      expect(externalIslandRuntime(html)).toEqual({ html, runtime: null });
    }
    const waits = page(
      `<main><script>${islandScript}</script><astro-island ssr client="interaction" opts="{&quot;name&quot;:&quot;LoginForm&quot;,&quot;value&quot;:&quot;query:email&quot;}"></astro-island></main>`,
    );
    expect(externalIslandRuntime(waits).runtime).not.toBeNull();
  });

  it('leaves a page without islands as it is', () => {
    const html = page('<main>Hi</main><script>document.title="x"</script>');
    expect(externalIslandRuntime(html)).toEqual({ html, runtime: null });
  });

  it('a runtime of other content gets another name, so a cached old one is never used', () => {
    expect(runtimeFile(`${islandScript};`)).not.toBe(runtimeFile(islandScript));
  });

  it("becomes the first module of the page's bootstrap, which imports it after the first paint", () => {
    const html = page(
      `<main>${directive}<script>${islandScript}</script><astro-island client="interaction" opts="{}"></astro-island></main>`,
    );
    const { html: external, runtime } = externalIslandRuntime(html);
    const withLoader = external.replace('</body>', '<script data-modules="/_astro/Base.a.js">loader</script></body>');
    expect(runtimeIntoLoader(withLoader)).toBe(
      page(
        `<main>${directive}<astro-island client="interaction" opts="{}"></astro-island></main><script data-modules="/_astro/${runtime!.file} /_astro/Base.a.js">loader</script>`,
      ),
    );
    expect(runtimeIntoLoader(external)).toBe(external);
  });

  it('stops the build when a page has islands but Astro no longer writes the runtime the way it relies on', () => {
    const changed = page(
      `<main><script>${islandScript.replace('customElements.define("astro-island"', "customElements.define('astro-island'")}</script><astro-island client="interaction" opts="{}"></astro-island></main>`,
    );
    expect(() => externalIslandRuntime(changed)).toThrow(
      /Page plumbing contract broken: "Island runtime" \(src\/integrations\/page-plumbing\/README.md\)/,
    );
  });

  it('stops the build when a page whose islands all wait still carries the runtime inline', () => {
    const waiting = '<astro-island client="interaction" opts="{&quot;value&quot;:&quot;query:email&quot;}"></astro-island>';
    expect(() => assertRuntimeMoved(page(`<main><script>${islandScript}</script>${waiting}</main>`), [])).toThrow(
      /"Island runtime".*still carries/s,
    );
    // Our own scripts name the element without being the runtime; a page that starts an island keeps it.
    expect(() => assertRuntimeMoved(page(`<script>${ACCOUNT_GUARD}</script><main>${waiting}</main>`), [])).not.toThrow();
    const starts = '<astro-island component-url="/_astro/A.a.js" client="load" opts="{}"></astro-island>';
    expect(() => assertRuntimeMoved(page(`<main><script>${islandScript}</script>${starts}</main>`), [])).not.toThrow();
  });

  it('stops the build when an island has no readable opts', () => {
    const html = page(
      `<main><script>${islandScript}</script><astro-island client="interaction" opts="{value:paint}"></astro-island></main>`,
    );
    expect(() => externalIslandRuntime(html)).toThrow(/"Island attributes".*opts are not JSON/);
  });
});
