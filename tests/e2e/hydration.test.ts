/**
 * The lead pages (/contactus, /scholarship, /tank) ship no framework code until the visitor shows
 * intent, and nothing a fast visitor does before the form is alive is lost: early typing is kept
 * and an early submit is held, then sent once.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { BUDGET } from '../../scripts/bench-pages-report.ts';
import { marketingPages } from '../../scripts/lib/marketing-pages.ts';
import { e2eDescribe, newPage, sql } from './harness.ts';

/** Scripts the page fetched, by file name. */
function scriptsOf(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') names.push(new URL(request.url()).pathname.split('/').pop()!);
  });
  return names;
}

const isFrameworkChunk = (name: string) => /^(client|react|jsx-runtime|ContactForm|ScholarshipForm|PitchForm)\./.test(name);

e2eDescribe('client:interaction on the lead pages', () => {
  for (const path of ['/contactus', '/scholarship', '/tank']) {
    it(`${path} loads the form's code only on the first intent`, async () => {
      const page = await newPage();
      const scripts = scriptsOf(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      const before = scripts.filter(isFrameworkChunk);
      expect(before).toEqual([]);
      expect(await page.locator('main form[data-ready]').count()).toBe(0);
      await page.locator('main form').first().hover();
      await page.locator('main form[data-ready]').waitFor();
      expect(scripts.filter(isFrameworkChunk).length).toBeGreaterThan(0);
    });
  }

  it('keeps what was typed and sends a submit made before the form was alive, once', async () => {
    const page = await newPage();
    // Hold the form's code back until the visitor has typed and pressed Submit.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holdChunks = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route(/\/_astro\/.*\.js$/, (route) =>
      isFrameworkChunk(new URL(route.request().url()).pathname.split('/').pop()!) ? holdChunks(route) : route.continue(),
    );
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/user/contactus')) posts.push(request.url());
    });
    await page.goto('/contactus', { waitUntil: 'load' });
    const email = `early.${Date.now()}@example.com`;
    const form = page.locator('main form');
    await form.locator('[name="Number"]').fill('9810042425');
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="comments"]').fill('Typed before the form was alive.');
    await form.getByRole('button', { name: 'Submit' }).click();
    expect(new URL(page.url()).pathname).toBe('/contactus');
    expect(await page.locator('main form[data-ready]').count()).toBe(0);
    release();
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor({ timeout: 30_000 });
    expect(posts).toHaveLength(1);
    const rows = await sql()`select phone, comments from contact_requests where email = ${email}`;
    expect(rows).toEqual([{ phone: '+919810042425', comments: 'Typed before the form was alive.' }]);
  });
});

/** A desktop page on a slow connection: its page scripts arrive 1.5 s after they are asked for. */
async function slowScriptsPage(path: string): Promise<Page> {
  const page = await newPage({ width: 1440, height: 900 });
  await page.route('**/_astro/*.astro_astro_type_script_*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return page;
}

e2eDescribe('page scripts after the first paint', () => {
  it('no page script is fetched before the first paint; a button pressed and text typed before they arrive still work', async () => {
    const page = await slowScriptsPage('/about');
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    // Typed into the search box, and Contact Us pressed, before any script has arrived.
    await page.locator('#header-search-input').fill('elevate');
    await page.getByRole('button', { name: 'Contact Us' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.scripts)).toBeUndefined();
    await page.locator('#advisor-dialog').waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.documentElement.dataset.scripts === 'ready');
    const { firstPaint, firstScript } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      firstScript: Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((r) => r.name.includes('astro_type_script'))
          .map((r) => r.startTime),
      ),
    }));
    expect(firstScript).toBeGreaterThan(firstPaint);
    expect(await page.locator('#advisor-dialog').evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    // The search box took its text over once alive.
    await page.keyboard.press('Escape');
    // The dialog gives focus back to Contact Us as it closes; the search box is focused after that.
    await page.locator('#advisor-dialog').waitFor({ state: 'hidden' });
    // Focus may already be back in the search box (the dialog restores it when it opened late): a
    // fresh focus, as a visitor tabbing back to it gives, whichever way it went.
    await page.locator('#header-search-input').evaluate((input: HTMLInputElement) => input.blur());
    await page.locator('#header-search-input').focus();
    await page.locator('#header-search-list [role="option"]:visible').first().waitFor();
    expect(await page.locator('#header-search-list [role="option"]:visible').count()).toBe(1);
  });

  it('All Courses clicked with the pointer on it before the scripts arrive is open once they have', async () => {
    const page = await slowScriptsPage('/about');
    // The click is held; the pointer still rests on the button when the menu's script arrives.
    await page.getByRole('button', { name: 'All Courses' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.scripts === 'ready');
    await page.waitForTimeout(800);
    expect(await page.getByRole('button', { name: 'All Courses' }).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#menu-all-courses').isVisible()).toBe(true);
  });

  it(`every marketing page loads at most ${BUDGET.js / 1024} KB (brotli) of JavaScript before any input`, async () => {
    const page = await newPage({ width: 375, height: 812 });
    const over: string[] = [];
    for (const path of marketingPages()) {
      const sizes: Promise<number>[] = [];
      const count = (response: import('playwright-core').Response) => {
        if (response.request().resourceType() !== 'script') return;
        sizes.push(response.body().then((body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length));
      };
      page.on('response', count);
      await page.goto(path, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.scripts === 'ready');
      await page.waitForLoadState('networkidle');
      page.off('response', count);
      const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
      expect(bytes, `${path} loads its page scripts`).toBeGreaterThan(0);
      if (bytes > BUDGET.js) over.push(`${path}: ${bytes} B`);
    }
    expect(over).toEqual([]);
  });
});
