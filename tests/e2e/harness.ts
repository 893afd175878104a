/**
 * E2E helpers: the served site's URL, a Chromium page (playwright-core on Debian's Chromium) and
 * SQL access to the site's database. `e2e.describe` skips the suite when no browser is installed.
 */
import { afterAll, describe, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import postgres from 'postgres';

export const chromePath = inject('chromePath');
export const baseUrl = inject('e2eBaseUrl');

/** `describe` when Chromium is available, `describe.skip` otherwise (global setup said so loudly). */
export const e2eDescribe = chromePath ? describe : describe.skip;

let browser: Browser | undefined;
let sqlClient: postgres.Sql | undefined;
const contexts: BrowserContext[] = [];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** A fresh browser context (own cookies and storage) and page. Viewport defaults to a phone. */
export async function newPage(options: { width?: number; height?: number } = {}): Promise<Page> {
  browser ??= await chromium.launch({ executablePath: chromePath!, args: CHROMIUM_ARGS });
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 390, height: options.height ?? 844 },
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** SQL on the database the served site uses. */
export function sql(): postgres.Sql {
  sqlClient ??= postgres(inject('e2eDatabaseUrl'), { max: 2, onnotice: () => {} });
  return sqlClient;
}

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => {});
  await browser?.close();
  browser = undefined;
  await sqlClient?.end({ timeout: 5 });
  sqlClient = undefined;
});
