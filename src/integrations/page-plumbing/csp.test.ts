import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageHeadersFile } from '../../../netlify/lib/platform/security-headers.ts';
import { hashesModule, inlineScripts, scriptHash, writeContentSecurity } from './csp.ts';

const page = (body: string) =>
  `<!doctype html><html><head><script type="application/ld+json">{"@type":"Course"}</script></head><body>${body}</body></html>`;

describe("the CSP's inline-script hashes, from the built pages", () => {
  it('hashes each inline script that runs: not a file, not JSON-LD, with its exact text', () => {
    const html = page(
      '<script>\n  document.documentElement.classList.add(\'js\');\n</script><script src="/_astro/a.js"></script>' +
        '<script data-modules="/_astro/b.js">(()=>{})()</script><script type="application/json">{}</script>',
    );
    expect(inlineScripts(html)).toEqual(["\n  document.documentElement.classList.add('js');\n", '(()=>{})()']);
    // The browser hashes the text between the tags exactly as sent.
    expect(scriptHash('(()=>{})()')).toBe(`sha256-${createHash('sha256').update('(()=>{})()', 'utf8').digest('base64')}`);
  });

  it("writes every page's scripts, once each and sorted, into _headers and the functions' module; a page added later is covered", async () => {
    const dist = await mkdtemp(join(tmpdir(), 'plumbing-'));
    const module = join(dist, 'hashes.ts');
    const pages = [page('<script>a()</script><script>b()</script>'), page('<script>a()</script>')];
    const hashes = await writeContentSecurity(dist, pages, module);
    expect(hashes).toEqual([scriptHash('a()'), scriptHash('b()')].sort());
    expect(await readFile(join(dist, '_headers'), 'utf8')).toBe(pageHeadersFile(hashes));
    expect(await readFile(module, 'utf8')).toBe(hashesModule(hashes));

    const more = await writeContentSecurity(dist, [...pages, page('<script>c()</script>')], module);
    expect(more).toContain(scriptHash('c()'));
    expect(await readFile(join(dist, '_headers'), 'utf8')).toContain(`'${scriptHash('c()')}'`);
  });

  it('leaves the functions’ module untouched when nothing changed', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'plumbing-'));
    const module = join(dist, 'hashes.ts');
    await writeFile(module, hashesModule([scriptHash('a()')]));
    const before = statSync(module).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeContentSecurity(dist, [page('<script>a()</script>')], module);
    expect(statSync(module).mtimeMs).toBe(before);
  });
});
