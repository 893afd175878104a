/**
 * What a page loads, measured in Chromium as a visitor (cookies and localStorage of a logged-in
 * person, or none): everything until the page is loaded, its page scripts have run and the network
 * is idle, before any input (what crossed the wire, and the brotli size of each text type: the
 * budgets are in compressed bytes, as Netlify's CDN serves them); then the JavaScript the first
 * interaction brings (a focus on the page's first field, or a pointer over <main>), for islands
 * that wait for the visitor.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import type { Visit } from './bench-people.ts';

export const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export type Bytes = { wire: number; brotli: number; count: number };
export type Profile = 'mobile' | 'desktop';

const empty = (): Bytes => ({ wire: 0, brotli: 0, count: 0 });
export const brotli = (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The visitor's cookies and localStorage as Playwright's storage state for this origin. */
export function storageState(origin: string, visit: Visit) {
  const host = new URL(origin).hostname;
  return {
    cookies: visit.cookies.map((c) => ({
      ...c,
      domain: host,
      path: '/',
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: 'Lax' as const,
    })),
    origins: [{ origin, localStorage: Object.entries(visit.local).map(([name, value]) => ({ name, value })) }],
  };
}

/** Puts the visitor's cookies and localStorage into a running Chromium (the one Lighthouse drives). */
export async function signIn(port: number, origin: string, visit: Visit): Promise<void> {
  if (!visit.cookies.length && !Object.keys(visit.local).length) return;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.addCookies(storageState(origin, visit).cookies);
    const page = await context.newPage();
    await page.goto(new URL('/robots.txt', origin).href);
    await page.evaluate((entries) => {
      for (const [name, value] of Object.entries(entries)) localStorage.setItem(name, value);
    }, visit.local);
    await page.close();
  } finally {
    await browser.close(); // disconnects; the browser stays for Lighthouse
  }
}

/** The first sign of intent: a focus on the first field of <main>, else a pointer over it. */
async function interact(page: Page): Promise<void> {
  const field = page.locator('main input:not([type=hidden]), main select, main textarea').first();
  if (await field.count()) await field.focus({ timeout: 5_000 }).catch(() => {});
  else
    await page
      .locator('main')
      .hover({ timeout: 5_000 })
      .catch(() => {});
}

export async function measureBytes(url: string, visit: Visit, profile: Profile) {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
  try {
    const phone = profile === 'mobile';
    const context = await browser.newContext({
      viewport: phone ? { width: 375, height: 812 } : { width: 1350, height: 940 },
      deviceScaleFactor: phone ? 2 : 1,
      isMobile: phone,
      hasTouch: phone,
      storageState: storageState(new URL(url).origin, visit),
    });
    const page = await context.newPage();
    const result = {
      html: empty(),
      css: empty(),
      js: empty(),
      images: empty(),
      other: empty(),
      jsAfter: empty(),
      encoding: 'none',
      firstPaint: 0,
      inlineCss: 0,
      finalPath: '',
    };
    let interacted = false;
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type === 'media' || type === 'fetch' || type === 'xhr') return; // video loads after the page; API calls are data
      const after = interacted;
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response || response.status() >= 300) return;
          const [body, sizes, headers] = await Promise.all([response.body(), request.sizes(), response.allHeaders()]);
          const text = /text|javascript|json|svg|xml/.test(headers['content-type'] ?? '');
          const size = text ? brotli(body) : body.length;
          if (after) {
            if (type === 'script') {
              result.jsAfter.count += 1;
              result.jsAfter.wire += sizes.responseBodySize;
              result.jsAfter.brotli += size;
            }
            return;
          }
          const bucket =
            type === 'document'
              ? result.html
              : type === 'stylesheet'
                ? result.css
                : type === 'script'
                  ? result.js
                  : type === 'image'
                    ? result.images
                    : result.other;
          bucket.count += 1;
          bucket.wire += sizes.responseBodySize;
          bucket.brotli += size;
          if (type === 'document') {
            result.encoding = headers['content-encoding'] ?? 'none';
            const html = body.toString('utf8');
            const h1 = html.indexOf('</h1>');
            result.firstPaint = brotli(Buffer.from(h1 === -1 ? html : html.slice(0, h1 + 5)));
            const styles = html.match(/<style[^>]*>[\s\S]*?<\/style>/g) ?? [];
            result.inlineCss = styles.length ? brotli(Buffer.from(styles.join(''))) : 0;
          }
        })().catch(() => {}),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // Page scripts load after the first paint without any input (src/integrations/after-paint.ts),
    // at times after the network first falls idle: they count too.
    if (await page.locator('script[data-modules]').count()) {
      await page.waitForFunction(() => document.documentElement.dataset.scripts === 'ready', undefined, { timeout: 10_000 });
      await page.waitForLoadState('networkidle');
    }
    await page.waitForTimeout(300);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending.splice(0));
    interacted = true;
    await interact(page);
    await page.waitForTimeout(300);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    result.finalPath = new URL(page.url()).pathname;
    const total = result.html.brotli + result.css.brotli + result.js.brotli + result.images.brotli + result.other.brotli;
    return { ...result, total };
  } finally {
    await browser.close();
  }
}
