/** Shared by the marketing browser suites: viewports, the five course ids, and a page opener. */
import type { Locator, Page } from 'playwright-core';
import { newPage } from './harness.ts';

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 812 };
export const COURSE = {
  digitalMarketing: '6801c2a4f1e2b3c4d5e6fd57',
  productManagement: '6801c2a4f1e2b3c4d5e6fd68',
  salesManagement: '6801c2a4f1e2b3c4d5e6fd64',
  businessIntelligence: '6801c2a4f1e2b3c4d5e6fdb0',
  dataAnalytics: '6801c2a4f1e2b3c4d5e6fd75',
};

/** A page with generous timeouts (the machine may be busy) that navigates on DOMContentLoaded. */
export async function open(size: { width: number; height: number }, path?: string): Promise<Page> {
  const page = await newPage(size);
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(45_000);
  if (path) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    // The page's scripts load after the first paint (src/integrations/after-paint.ts).
    await page.waitForFunction(
      () => !document.querySelector('script[data-modules]') || document.documentElement.dataset.scripts === 'ready',
    );
  }
  return page;
}

/**
 * The text a visitor reads in <main>, all of it: sections laid out only when they come near the
 * screen (content-visibility: auto, on the home page) are rendered for the read, as scrolling would.
 */
export async function text(page: Page): Promise<string> {
  await page.addStyleTag({ content: 'main > * { content-visibility: visible !important; }' });
  return (await page.locator('main').innerText()).replace(/\s+/g, ' ');
}

/**
 * A modal opened by `trigger` closes by its Close button, by Escape and by a click outside (at
 * `outside`); after each close `closed` checks what must hold (focus back on the trigger...).
 */
export async function closesThreeWays(
  page: Page,
  {
    trigger,
    dialog,
    outside,
    closed,
  }: { trigger: Locator; dialog: Locator; outside: { x: number; y: number }; closed: () => Promise<void> },
): Promise<void> {
  const reopen = async () => {
    await trigger.click();
    await dialog.waitFor({ state: 'visible' });
  };
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await closed();
  await reopen();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await closed();
  await reopen();
  await page.mouse.click(outside.x, outside.y);
  await dialog.waitFor({ state: 'hidden' });
  await closed();
}
