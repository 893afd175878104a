/**
 * axe-core scan of every marketing page at phone and desktop size, plus the open states of the
 * menus and dialogs. Any violation fails with the rule, its impact and the offending elements.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eDescribe, newPage } from './harness.ts';

const AXE = readFileSync(join(import.meta.dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

export const MARKETING_PAGES = [
  '/',
  '/aspirademy',
  '/aspiradiscover',
  '/aspiraelevate',
  '/aspiraadmit',
  '/careers/aviation',
  '/careers/hospitality',
  '/careers/travel-customer-service',
  '/tank',
  '/course/6801c2a4f1e2b3c4d5e6fd57',
  '/course/6801c2a4f1e2b3c4d5e6fd68',
  '/course/6801c2a4f1e2b3c4d5e6fd64',
  '/course/6801c2a4f1e2b3c4d5e6fdb0',
  '/course/6801c2a4f1e2b3c4d5e6fd75',
  '/about',
  '/faq',
  '/help',
  '/terms',
  '/payment-methods',
  '/privacy',
  '/refund-policy',
  '/Header',
  '/no-such-page',
];

type AxeResult = { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] };

async function scan(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const result = (await page.evaluate(
    (context) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(context ?? document, {
        resultTypes: ['violations'],
      }),
    include ?? null,
  )) as AxeResult;
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

e2eDescribe('accessibility (axe-core)', () => {
  for (const [label, size] of [
    ['phone', { width: 375, height: 812 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    it(`every marketing page has no violations on a ${label}`, { timeout: 400_000 }, async () => {
      const page = await newPage(size);
      page.setDefaultTimeout(30_000);
      page.setDefaultNavigationTimeout(45_000);
      const problems: string[] = [];
      for (const path of MARKETING_PAGES) {
        await page.goto(path, { waitUntil: 'load' });
        for (const v of await scan(page)) problems.push(`${path}: ${v}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('open menus, the mobile menu and the advisor dialog have no violations', { timeout: 120_000 }, async () => {
    const desktop = await newPage({ width: 1440, height: 900 });
    await desktop.goto('/');
    await desktop.getByRole('button', { name: 'All Courses' }).click();
    await desktop.locator('#menu-all-courses').waitFor({ state: 'visible' });
    const problems = (await scan(desktop, '.site-header')).map((v) => `All Courses open: ${v}`);
    await desktop.keyboard.press('Escape');
    await desktop.locator('#menu-all-courses').waitFor({ state: 'hidden' });
    await desktop.getByRole('button', { name: 'More' }).click();
    await desktop.locator('#menu-more').waitFor({ state: 'visible' });
    problems.push(...(await scan(desktop, '.site-header')).map((v) => `More open: ${v}`));
    await desktop.locator('#header-search-input').fill('a');
    problems.push(...(await scan(desktop, '.site-header')).map((v) => `search open: ${v}`));

    const phone = await newPage({ width: 375, height: 812 });
    await phone.goto('/');
    await phone.getByRole('button', { name: 'Menu' }).click();
    await phone.locator('#mobile-menu').waitFor({ state: 'visible' });
    await phone.locator('#mobile-menu summary').first().click();
    problems.push(...(await scan(phone)).map((v) => `mobile menu open: ${v}`));
    await phone.keyboard.press('Escape');
    await phone.locator('.contact-bar button').click();
    await phone.locator('#advisor-dialog').waitFor({ state: 'visible' });
    problems.push(...(await scan(phone)).map((v) => `advisor dialog open: ${v}`));
    expect(problems).toEqual([]);
  });
});
