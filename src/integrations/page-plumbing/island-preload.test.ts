import { describe, expect, it } from 'vitest';
import { islandFiles, preloadIslands } from './island-preload.ts';

const FILES: Record<string, string> = {
  'Purchases.a.js': 'import{t as e}from"./react.b.js";import{n as t}from"./base.c.js";export default 1',
  'client.d.js': 'import{t}from"./react.b.js";export default 2',
  'react.b.js': 'import"./runtime.e.js";export const t=1',
  'base.c.js': 'export const n=1',
  'runtime.e.js': 'export{}',
  'LoginForm.f.js': 'import{t}from"./react.b.js";import"./forms.g.js";',
  'forms.g.js': 'export{}',
};
const read = async (file: string) => FILES[file] ?? Promise.reject(new Error('no file'));
const island = (client: string, component: string) =>
  `<astro-island uid="x" component-url="/_astro/${component}" component-export="default" renderer-url="/_astro/client.d.js" ssr client="${client}" opts="{&quot;name&quot;:&quot;X&quot;,&quot;value&quot;:true}"></astro-island>`;
const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;

describe('islands that start with the page fetch their code at once', () => {
  it('lists every file of the import graph of a client:load or client:only island, once', async () => {
    expect(await islandFiles(page(island('load', 'Purchases.a.js')), '', read)).toEqual([
      'Purchases.a.js',
      'react.b.js',
      'runtime.e.js',
      'base.c.js',
      'client.d.js',
    ]);
    expect(await islandFiles(page(island('only', 'Purchases.a.js')), '', read)).toHaveLength(5);
  });

  it('leaves islands that wait for the visitor, and pages without islands, alone', async () => {
    for (const client of ['interaction', 'visible', 'idle'])
      expect(await islandFiles(page(island(client, 'LoginForm.f.js')), '', read)).toEqual([]);
    const plain = page('<main>Hi</main>');
    expect(await preloadIslands(plain, '', read)).toBe(plain);
  });

  it('puts one modulepreload link per file at the end of <head>', async () => {
    const out = await preloadIslands(page(island('load', 'Purchases.a.js')), '', read);
    expect(out).toContain(
      '<title>t</title><link rel="modulepreload" href="/_astro/Purchases.a.js"><link rel="modulepreload" href="/_astro/react.b.js"><link rel="modulepreload" href="/_astro/runtime.e.js"><link rel="modulepreload" href="/_astro/base.c.js"><link rel="modulepreload" href="/_astro/client.d.js"></head>',
    );
  });

  it('stops the build when a chunk starts with imports written in a way it cannot read, or names a file not in the build', async () => {
    const files: Record<string, string> = { ...FILES, 'Purchases.a.js': 'import {t} from "/_astro/react.b.js";export default 1' };
    const odd = async (file: string) => files[file] ?? Promise.reject(new Error('no file'));
    await expect(islandFiles(page(island('load', 'Purchases.a.js')), '', odd)).rejects.toThrow(
      /Page plumbing contract broken: "Chunk imports" \(src\/integrations\/page-plumbing\/README.md\)/,
    );
    await expect(islandFiles(page(island('load', 'Gone.z.js')), '', read)).rejects.toThrow(/"Chunk imports".*Gone\.z\.js is named/);
  });

  it('stops the build when a starting island names no component-url', async () => {
    const renamed = page(island('load', 'Purchases.a.js').replace('component-url=', 'data-url='));
    await expect(islandFiles(renamed, '', read)).rejects.toThrow(/"Island attributes".*names no component-url/);
  });
});
