/**
 * axe-core scan of every marketing page at phone and desktop size, the open states of the menus
 * and dialogs, and the account and admin screens with their data loaded. Any violation fails with
 * the rule, its impact and the offending elements.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { createAdminFromTerminal, e2eDescribe, newPage, settled, signupVerified } from './harness.ts';

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
  '/contactus',
  '/scholarship',
  '/information',
  '/Header',
  '/no-such-page',
];

async function scan(page: Page, include?: string): Promise<string[]> {
  const lines = await axeViolations(page, '', include ? { include: [include] } : {});
  return lines.map((line) => line.replace(/^: /, ''));
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

const DA = '6801c2a4f1e2b3c4d5e6fd75'; // a course of the seed
const LEARNER = { firstName: 'Kavya', lastName: 'Rao', email: `a11y.${Date.now()}@example.com`, password: 'learn2grow!' };
const ADMIN = { email: `a11y-admin-${Date.now()}@aspira.example`, password: 'a11y-admin-pass-1', firstName: 'Anil', lastName: 'Kumar' };

/** A desktop page, and a check that records every axe violation on it under a label. */
async function auditedPage() {
  const page = await newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(30_000);
  const problems: string[] = [];
  const check = async (label: string) => {
    await settled(page);
    for (const v of await scan(page)) problems.push(`${label}: ${v}`);
  };
  return { page, problems, check };
}

e2eDescribe('accessibility of the account and admin screens (axe-core)', () => {
  it('login, signup, the course list, a course, buy, purchases and settings have no violations', { timeout: 180_000 }, async () => {
    const { page, problems, check } = await auditedPage();
    for (const path of ['/login', '/signup', '/courses', '/course/ffffffffffffffffffffffff']) {
      await page.goto(path);
      await check(path);
    }
    await signupVerified('user', LEARNER);
    await page.goto('/login');
    await settled(page);
    await page.locator('main').getByLabel('Email').fill(LEARNER.email);
    await page
      .locator('main')
      .getByLabel(/^Password/)
      .fill(LEARNER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/courses$/);
    await check('/courses (logged in)');
    for (const path of [`/buy/${DA}`, '/purchases', '/settings']) {
      await page.goto(path);
      await check(path);
    }
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ['/courses', `/buy/${DA}`, '/purchases', '/settings']) {
      await page.goto(path);
      await check(`${path} (phone)`);
    }
    expect(problems).toEqual([]);
  });

  it('every admin screen has no violations', { timeout: 180_000 }, async () => {
    expect((await createAdminFromTerminal(ADMIN)).code).toBe(0);
    const { page, problems, check } = await auditedPage();
    for (const path of ['/admin/login', '/admin/signup']) {
      await page.goto(path);
      await check(path);
    }
    const form = page.getByRole('form', { name: 'Admin login' });
    await page.goto('/admin/login');
    await form.getByLabel('Email').fill(ADMIN.email);
    await form.getByLabel('Password').fill(ADMIN.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin/dashboard');
    await check('/admin/dashboard');
    for (const path of ['/admin/leads', '/admin/our-courses', '/admin/create-course', `/admin/update-course/${DA}`]) {
      await page.goto(path);
      await check(path);
    }
    expect(problems).toEqual([]);
  });
});
