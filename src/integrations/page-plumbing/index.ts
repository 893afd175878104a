/**
 * The page plumbing: what the build does to Astro's pages once they are written (README.md here:
 * the Astro output each step relies on, checked on every page; a build that finds it changed
 * fails, naming the clause).
 * 1. Astro's island runtime becomes a cached file where every island waits (./island-runtime.ts).
 * 2. Page scripts load after the first paint, with their whole import graph (./after-paint.ts).
 * 3. Islands that start with the page preload their import graph (./island-preload.ts).
 * 4. The CSP allows each page's inline scripts by the hashes of what was written (./csp.ts).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { AFTER_PAINT_LOADER, deferModuleScripts, LAYOUT_SCRIPT, withImports } from './after-paint.ts';
import { broken, PlumbingContractBroken } from './contract.ts';
import { writeContentSecurity } from './csp.ts';
import { preloadIslands } from './island-preload.ts';
import { assertRuntimeMoved, externalIslandRuntime, runtimeIntoLoader } from './island-runtime.ts';

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** The page as the visitor gets it; `rewrite: false` for a page whose scripts run as they are. */
export async function plumbPage(html: string, assets: string, rewrite: boolean): Promise<string> {
  // Every page: Astro's island runtime as one cached file (./island-runtime.ts).
  const { html: page, runtime } = externalIslandRuntime(html);
  if (runtime) await writeFile(join(assets, runtime.file), runtime.code);
  if (!rewrite) return page;
  // Page scripts and islands that start with the page fetch their whole import graph at once.
  const done = await preloadIslands(runtimeIntoLoader(await withImports(deferModuleScripts(page), assets)), assets);
  assertRuntimeMoved(done, [AFTER_PAINT_LOADER]);
  return done;
}

const layoutScriptIn = (html: string) =>
  [...html.matchAll(/<script data-(?:modules|later)="([^"]*)"/g)].some(([, list]) =>
    list!.split(' ').some((url) => LAYOUT_SCRIPT.test(url.replace(/^\/_astro\//, ''))),
  );

/** `except`: pages (paths in dist, e.g. "content-editor.html") whose scripts run as they are. */
export function pagePlumbing({ except = [] }: { except?: string[] } = {}): AstroIntegration {
  return {
    name: 'aspira:page-plumbing',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        const assets = join(root, '_astro');
        const pages: string[] = [];
        let loaders = 0;
        let chrome = 0;
        for (const file of await htmlFiles(root)) {
          const path = relative(root, file);
          const html = await readFile(file, 'utf8');
          const done = await plumbPage(html, assets, !except.includes(path)).catch((error: unknown) => {
            if (error instanceof PlumbingContractBroken) error.message = `${path}: ${error.message}`;
            throw error;
          });
          if (done.includes('<script data-modules="')) loaders++;
          if (layoutScriptIn(done)) chrome++;
          if (done !== html) await writeFile(file, done);
          pages.push(done);
        }
        if (loaders > 0 && chrome === 0)
          broken(
            'Layout scripts',
            `No page's loader names a layout's script (${LAYOUT_SCRIPT}): the chrome would load with each page's own scripts.`,
          );
        await writeContentSecurity(root, pages);
      },
    },
  };
}
