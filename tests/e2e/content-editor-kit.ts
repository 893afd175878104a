/**
 * Driving the content editor (Sveltia CMS) in Chromium with its local-repository workflow. That
 * workflow reads and writes a folder the browser picks (the File System Access API); a test cannot
 * click through the picker, so the picker hands over a folder in the page's own private file
 * system (OPFS), filled with a copy of the repository's content. The files the editor writes are
 * read back from there, byte for byte.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ROOT } from '../../scripts/lib/database.ts';

/** What the editor reads: the content and the folders its image fields upload into. */
const REPOSITORY_PARTS = ['src/content', 'public/partners', 'public/payments'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Opens the editor and picks "Work with Local Repository", on a fresh copy of the repository's content. */
export async function openLocalRepository(page: Page): Promise<void> {
  const files = Object.fromEntries(
    REPOSITORY_PARTS.flatMap((part) => filesUnder(join(ROOT, part))).map((file) => [relative(ROOT, file), readFileSync(file, 'base64')]),
  );
  await page.addInitScript(() => {
    Object.assign(window, { showDirectoryPicker: async () => (await navigator.storage.getDirectory()).getDirectoryHandle('repository') });
  });
  await page.goto('/robots.txt');
  await page.evaluate(async (files) => {
    const root = await navigator.storage.getDirectory();
    await root.removeEntry('repository', { recursive: true }).catch(() => {});
    const repository = await root.getDirectoryHandle('repository', { create: true });
    await repository.getDirectoryHandle('.git', { create: true }); // the editor checks it was given a repository
    for (const [path, base64] of Object.entries(files)) {
      const parts = path.split('/');
      let dir = repository;
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
      const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await writable.write(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
      await writable.close();
    }
  }, files);
  // The first visit after the server starts waits for the editor's 2 MB script to be compressed
  // (brotli's best level, once); on a busy machine the editor then takes a while to start.
  await page.goto('/content-editor', { timeout: 60_000 });
  await page.getByRole('button', { name: /Work with Local Repository/ }).click({ timeout: 60_000 });
  await page.getByRole('treeitem', { name: /Programme pages/ }).waitFor({ timeout: 30_000 });
}

/** A file as the editor left it in the picked folder (`path` relative to the repository). */
export function repositoryFile(page: Page, path: string): Promise<string> {
  return page.evaluate(async (path) => {
    let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('repository');
    const parts = path.split('/');
    for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
    return (await (await dir.getFileHandle(parts.at(-1)!)).getFile()).text();
  }, path);
}

/** The editor draws fields as they scroll into view: scrolls the edit pane down until `target` is there. */
export async function reach(page: Page, target: Locator): Promise<Locator> {
  await page.mouse.move(300, 450);
  for (let i = 0; i < 120 && (await target.count()) === 0; i++) {
    await page.mouse.wheel(0, 250);
    await page.waitForTimeout(100);
  }
  await target.scrollIntoViewIfNeeded();
  return target;
}

/** Opens the collapsed list item whose summary line is `summary` and answers its body. */
export async function openItem(page: Page, scope: Page | Locator, summary: string): Promise<Locator> {
  const item = await reach(
    page,
    scope
      .locator('[role=group][draggable]')
      .filter({ has: page.getByText(summary, { exact: true }) })
      .last(),
  );
  const expand = item.getByRole('button', { name: 'Expand' }).first();
  const body = page.locator(`#${await expand.getAttribute('aria-controls')}`);
  await expand.click();
  return body;
}

/**
 * Builds the site as Netlify would from a copy of the repository holding `edits` (path → text):
 * what the deploy preview of the editor's pull request would build. Answers the built dist folder.
 */
export async function buildWith(edits: Record<string, string>, env: NodeJS.ProcessEnv): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), 'content-edit-'));
  for (const part of ['src', 'public', 'netlify', 'astro.config.mjs', 'tsconfig.json', 'package.json'])
    cpSync(join(ROOT, part), join(copy, part), { recursive: true });
  // Its own node_modules folder (Astro and Vite keep caches there), of links to the packages.
  mkdirSync(join(copy, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules')))
    if (!name.startsWith('.') || name === '.bin') symlinkSync(join(ROOT, 'node_modules', name), join(copy, 'node_modules', name));
  for (const [path, text] of Object.entries(edits)) {
    mkdirSync(dirname(join(copy, path)), { recursive: true });
    writeFileSync(join(copy, path), text);
  }
  const output = await new Promise<string>((resolve, reject) => {
    const build = spawn(join(ROOT, 'node_modules', '.bin', 'astro'), ['build'], {
      cwd: copy,
      env: { ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    build.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    build.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    build.on('exit', (code) => (code === 0 ? resolve(log) : reject(new Error(`the build of the edited content failed:\n${log}`))));
  });
  if (!/Complete!/.test(output)) throw new Error(output);
  return join(copy, 'dist');
}
