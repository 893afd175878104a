/**
 * Islands that start with the page (`client:load`, `client:only`) fetch their code in one go. Astro
 * imports an island's entry when the island starts; the browser learns of the entry's own imports
 * (React, the shared chunks) only once the entry has arrived, and of theirs one round trip later:
 * on a slow phone connection that waterfall cost several round trips before the screen could draw
 * its data. The build adds a `<link rel="modulepreload">` to <head> for every file of those islands'
 * import graph, so all of them are asked for as soon as the page's head is read. Islands that wait
 * for the visitor (`client:interaction`, `client:visible`, `client:idle`) are left alone.
 * docs/architecture.md, Pages and islands.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { broken, islands } from './contract.ts';

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g;
/** A chunk with static imports starts with them (the bundler hoists them). */
const STARTS_WITH_IMPORT = /^\s*import\s*[{*"']/;

type Read = (file: string) => Promise<string>;

/** These files of `/_astro/` and every file they import, statically, at any depth: entries first, each once. */
export async function importGraph(
  entries: string[],
  assets: string,
  read: Read = (file) => readFile(join(assets, file), 'utf8'),
): Promise<string[]> {
  const seen = new Set<string>();
  const visit = async (file: string): Promise<void> => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = await read(file).catch(() =>
      broken('Chunk imports', `/_astro/${file} is named by a page or a chunk but is not in the build.`),
    );
    const imports = [...code.matchAll(STATIC_IMPORT)].map((m) => m[1]!);
    if (imports.length === 0 && STARTS_WITH_IMPORT.test(code))
      broken('Chunk imports', `/_astro/${file} starts with an import, but none reads as import…from"./<file>.js".`);
    for (const next of imports) await visit(next);
  };
  for (const entry of entries) await visit(entry);
  return [...seen];
}

/** The files of `/_astro/` that a page's starting islands import, entries first. */
export async function islandFiles(html: string, assets: string, read?: Read): Promise<string[]> {
  const entries = islands(html)
    .filter(({ client }) => client === 'load' || client === 'only')
    .flatMap(({ componentUrl, rendererUrl }) => [componentUrl, rendererUrl])
    .filter((url): url is string => !!url?.startsWith('/_astro/'))
    .map((url) => url.slice('/_astro/'.length));
  return importGraph(entries, assets, read);
}

/** The page with a modulepreload link per file, at the end of its <head>; unchanged without starting islands. */
export async function preloadIslands(html: string, assets: string, read?: Read): Promise<string> {
  const files = await islandFiles(html, assets, read);
  const head = html.indexOf('</head>');
  if (!files.length || head === -1) return html;
  const links = files.map((file) => `<link rel="modulepreload" href="/_astro/${file}">`).join('');
  return `${html.slice(0, head)}${links}${html.slice(head)}`;
}
