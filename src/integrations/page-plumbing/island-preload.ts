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

const ISLAND = /<astro-island\b[^>]*>/g;
const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g;

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
    const code = await read(file).catch(() => '');
    for (const [, next] of code.matchAll(STATIC_IMPORT)) await visit(next!);
  };
  for (const entry of entries) await visit(entry);
  return [...seen];
}

/** The files of `/_astro/` that a page's starting islands import, entries first. */
export async function islandFiles(html: string, assets: string, read?: Read): Promise<string[]> {
  const entries = [...html.matchAll(ISLAND)]
    .map((m) => m[0])
    .filter((tag) => /^(load|only)$/.test(attribute(tag, 'client') ?? ''))
    .flatMap((tag) => [attribute(tag, 'component-url'), attribute(tag, 'renderer-url')])
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
