import { describe, expect, it } from 'vitest';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { externalIslandRuntime, runtimeFile } from './island-runtime.ts';

const page = (body: string) => `<!doctype html><html><head></head><body>${body}</body></html>`;
const directive = '<script>(self.Astro||(self.Astro={})).load=async t=>{await(await t())()};</script>';

describe("Astro's island runtime as a file", () => {
  it('replaces the inline runtime with one async file named by its content, and keeps the directive inline', () => {
    const html = page(`<main>${directive}<script>${islandScript}</script><astro-island client="load"></astro-island></main>`);
    const { html: out, runtime } = externalIslandRuntime(html);
    expect(runtime).toEqual({ file: runtimeFile(islandScript), code: islandScript });
    expect(runtime!.file).toMatch(/^astro-island\.[0-9a-f]{10}\.js$/);
    expect(out).toBe(
      page(`<main>${directive}<script src="/_astro/${runtime!.file}" async></script><astro-island client="load"></astro-island></main>`),
    );
    expect(out).not.toContain('customElements.define');
  });

  it('leaves a page without islands as it is', () => {
    const html = page('<main>Hi</main><script>document.title="x"</script>');
    expect(externalIslandRuntime(html)).toEqual({ html, runtime: null });
  });

  it('a runtime of other content gets another name, so a cached old one is never used', () => {
    expect(runtimeFile(`${islandScript};`)).not.toBe(runtimeFile(islandScript));
  });
});
