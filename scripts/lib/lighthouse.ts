/**
 * Lighthouse and its Chrome launcher for the page bench, installed on demand (pinned) outside the
 * repository, as the deploy verification installs Netlify's CLI: about 220 MB and 290 packages
 * that only `npm run bench -- pages` needs, so `npm install` stays lean.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const LIGHTHOUSE_VERSION = '12.8.2';
export const CHROME_LAUNCHER_VERSION = '1.2.1';
const CACHE_DIR = process.env.BENCH_CACHE_DIR ?? join(homedir(), '.cache', 'aspira-bench');

/** What the bench reads of a Lighthouse report. */
export type LighthouseResult = {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
};
type LighthouseFlags = { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] };
export type Lighthouse = (url: string, flags: LighthouseFlags, config?: unknown) => Promise<{ lhr: LighthouseResult } | undefined>;
export type LaunchedChrome = { port: number; kill: () => unknown };
export type ChromeLauncher = { launch: (options: { chromePath: string; chromeFlags: string[] }) => Promise<LaunchedChrome> };
export type LighthouseKit = { lighthouse: Lighthouse; desktopConfig: unknown; chromeLauncher: ChromeLauncher };

/** The folder holding both packages, installed into the cache on first use. */
export function lighthouseDir(log: (line: string) => void = console.log): string {
  const prefix = join(CACHE_DIR, `lighthouse-${LIGHTHOUSE_VERSION}-chrome-launcher-${CHROME_LAUNCHER_VERSION}`);
  const modules = join(prefix, 'node_modules');
  if (existsSync(join(modules, 'lighthouse', 'package.json')) && existsSync(join(modules, 'chrome-launcher', 'package.json')))
    return modules;
  const packages = [`lighthouse@${LIGHTHOUSE_VERSION}`, `chrome-launcher@${CHROME_LAUNCHER_VERSION}`];
  log(`installing ${packages.join(' and ')} into ${prefix} (once)`);
  mkdirSync(prefix, { recursive: true });
  const npm = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', ...packages], {
    stdio: 'inherit',
  });
  if (npm.status !== 0 || !existsSync(join(modules, 'lighthouse', 'package.json')))
    throw new Error(`could not install ${packages.join(' and ')}`);
  return modules;
}

/** Lighthouse, its desktop configuration and the Chrome launcher, from the cache. */
export async function loadLighthouse(log?: (line: string) => void): Promise<LighthouseKit> {
  const modules = lighthouseDir(log);
  const load = (file: string) => import(pathToFileURL(join(modules, file)).href);
  const [core, desktop, launcher] = await Promise.all([
    load('lighthouse/core/index.js'),
    load('lighthouse/core/config/desktop-config.js'),
    load('chrome-launcher/dist/index.js'),
  ]);
  return { lighthouse: core.default, desktopConfig: desktop.default, chromeLauncher: launcher };
}
