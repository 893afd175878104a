/**
 * Finding one's way on the marketing site: the header search, the All Courses menu and programme
 * dropdowns (hover with intent, tap, keyboard) and the mobile menu.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, e2eDescribe } from './harness.ts';
import { closesThreeWays, COURSE, DESKTOP, PHONE, open } from './marketing-visit.ts';

e2eDescribe('header search', () => {
  it('finds "elevate" case-insensitively and Enter opens the page', async () => {
    const page = await open(DESKTOP, '/');
    const box = page.getByRole('combobox', { name: 'Search programmes' }).first();
    expect(await box.getAttribute('placeholder')).toBe('What do you want to learn?');
    await box.fill('eLeVaTe');
    const options = page.locator('#header-search-list [role="option"]:visible');
    await expect(options.count()).resolves.toBe(1);
    expect(await options.first().innerText()).toContain('AspiraElevate');
    await box.press('Enter');
    await page.waitForURL('**/aspiraelevate');
    expect(await page.locator('h1').innerText()).toContain('Lead in business');
  });

  it('arrow keys move through matches; a click opens the chosen one; no match shows nothing', async () => {
    const page = await open(DESKTOP, '/');
    const box = page.locator('#header-search-input');
    await box.fill('aspira');
    const visible = page.locator('#header-search-list [role="option"]:visible');
    expect(await visible.count()).toBe(5);
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`#${active}`).innerText()).toContain('AspiraDiscover');
    await box.fill('zzz');
    expect(await page.locator('#header-search-list').isHidden()).toBe(true);
    await box.fill('AVIATION');
    await page.locator('#header-search-list [role="option"]:visible').first().click();
    await page.waitForURL('**/careers/aviation');
  });
});

e2eDescribe('All Courses menu', () => {
  const panel = '#menu-all-courses';

  it('opens on hover and shows course cards of the hovered category', async () => {
    const page = await open(DESKTOP, '/');
    expect(await page.locator(panel).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'All Courses' }).hover();
    await page.locator(panel).waitFor({ state: 'visible' });
    for (const category of ['Most Popular', 'AspiraDiscover', 'AspiraElevate', 'AspiraAdmit', 'AspiraDemy']) {
      await expect(page.locator(panel).getByRole('tab', { name: category }).count()).resolves.toBe(1);
    }
    await page.locator(panel).getByRole('tab', { name: 'AspiraDemy' }).hover();
    const card = page.locator(`${panel} [role="tabpanel"]:visible a`, { hasText: 'Sales Management' });
    expect(await card.innerText()).toMatch(/AspiraDemy · 5 months/);
    await card.click();
    await page.waitForURL(`**/course/${COURSE.salesManagement}`);
  });

  it('opens and closes by tap on a touch screen', async () => {
    const first = await open(DESKTOP);
    const context = await first
      .context()
      .browser()!
      .newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, hasTouch: true, isMobile: false });
    const page = await context.newPage();
    try {
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const trigger = page.getByRole('button', { name: 'All Courses' });
      await trigger.tap();
      await page.locator(panel).waitFor({ state: 'visible' });
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      await trigger.tap();
      await page.locator(panel).waitFor({ state: 'hidden' });
      expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });

  it('works from the keyboard: Enter opens, arrows move, Escape closes and returns focus', async () => {
    const page = await open(DESKTOP, '/');
    const trigger = page.getByRole('button', { name: 'All Courses' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.locator(panel).waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await page.locator(panel).waitFor({ state: 'hidden' });
    await page.keyboard.press('ArrowDown');
    await page.locator(panel).waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Most Popular');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('AspiraDiscover');
    expect(await page.locator(`${panel} [role="tabpanel"]:visible`).innerText()).toContain('AspiraDiscover India');
    await page.keyboard.press('Escape');
    await page.locator(panel).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('All Courses');
  });

  /** Records every category or menu switch from now on (a MutationObserver in the page). */
  async function recordSwitches(page: Page): Promise<() => Promise<string[]>> {
    await page.evaluate(() => {
      const log: string[] = [];
      (window as unknown as { __switches: string[] }).__switches = log;
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target as HTMLElement;
          if (r.attributeName === 'aria-selected' && el.getAttribute('aria-selected') === 'true') log.push(`tab ${el.textContent?.trim()}`);
          if (r.attributeName === 'aria-expanded' && el.getAttribute('aria-expanded') === 'true')
            log.push(`menu ${el.textContent?.trim()}`);
        }
      }).observe(document.querySelector('header')!, {
        subtree: true,
        attributes: true,
        attributeFilter: ['aria-selected', 'aria-expanded'],
      });
    });
    return () => page.evaluate(() => (window as unknown as { __switches: string[] }).__switches);
  }

  type Box = { x: number; y: number; width: number; height: number };
  const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
  /** Whether the straight path a -> b passes through the box (sampled every 2 px). */
  function crosses(a: { x: number; y: number }, b: { x: number; y: number }, box: Box): boolean {
    const steps = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 2);
    for (let i = 0; i <= steps; i++) {
      const x = a.x + ((b.x - a.x) * i) / steps;
      const y = a.y + ((b.y - a.y) * i) / steps;
      if (x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height) return true;
    }
    return false;
  }

  it('keeps the category under a diagonal path to its cards; a deliberate hover switches at once', async () => {
    const page = await open(DESKTOP, '/');
    await page.getByRole('button', { name: 'All Courses' }).hover();
    await page.locator(panel).waitFor({ state: 'visible' });
    const tab = (name: string) => page.locator(panel).getByRole('tab', { name });
    await tab('Most Popular').hover();
    const target = page.locator(`${panel} [role="tabpanel"]:visible a`).last();
    const start = centre((await tab('Most Popular').boundingBox())!);
    const end = centre((await target.boundingBox())!);
    // The path really crosses other categories on its way.
    const crossed: string[] = [];
    for (const name of ['AspiraDiscover', 'AspiraElevate', 'AspiraAdmit', 'AspiraDemy'])
      if (crosses(start, end, (await tab(name).boundingBox())!)) crossed.push(name);
    expect(crossed.length).toBeGreaterThan(0);

    const switches = await recordSwitches(page);
    await page.mouse.move(start.x, start.y);
    await page.mouse.move(end.x, end.y, { steps: 30 });
    expect(await switches()).toEqual([]);
    expect(await tab('Most Popular').getAttribute('aria-selected')).toBe('true');
    const href = await target.getAttribute('href');
    await page.mouse.click(end.x, end.y);
    await page.waitForURL(`**${href}`);

    // A deliberate move down the categories switches on arrival, with no delay.
    const again = await open(DESKTOP, '/');
    await again.getByRole('button', { name: 'All Courses' }).hover();
    const tab2 = (name: string) => again.locator(panel).getByRole('tab', { name });
    await tab2('Most Popular').hover();
    const from = centre((await tab2('Most Popular').boundingBox())!);
    const to = centre((await tab2('AspiraElevate').boundingBox())!);
    await again.mouse.move(from.x, to.y, { steps: 8 });
    expect(await tab2('AspiraElevate').getAttribute('aria-selected')).toBe('true');
    // Resting on a crossed category selects it after the short intent delay.
    await tab2('Most Popular').hover();
    const onDiscover = centre((await tab2('AspiraDiscover').boundingBox())!);
    await again.mouse.move(onDiscover.x, onDiscover.y, { steps: 3 });
    await again.waitForFunction(() => document.querySelector('#mega-tab-1')?.getAttribute('aria-selected') === 'true');
  });

  it('a diagonal path from a programme menu into its panel does not open the neighbour', async () => {
    const page = await open(DESKTOP, '/');
    const triggers = page.locator('.header-sub [data-menu-trigger]');
    const first = triggers.nth(0);
    await first.hover();
    const firstPanel = page.locator('.header-sub .menu.is-open .menu-panel');
    await firstPanel.waitFor({ state: 'visible' });
    const box = (await first.boundingBox())!;
    const panelBox = (await firstPanel.boundingBox())!;
    const link = firstPanel.getByRole('link').first();
    const linkBox = (await link.boundingBox())!;
    // From the trigger's right end to the far side of the first link: the path clips the neighbour.
    const start = { x: box.x + box.width - 6, y: box.y + box.height / 2 + 6 };
    const end = { x: panelBox.x + panelBox.width - 10, y: linkBox.y + linkBox.height / 2 };
    expect(crosses(start, end, (await triggers.nth(1).boundingBox())!)).toBe(true);
    const switches = await recordSwitches(page);
    await page.mouse.move(start.x, start.y);
    await page.mouse.move(end.x, end.y, { steps: 12 });
    expect(await switches()).toEqual([]);
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(await link.isVisible()).toBe(true);
  });

  it('programme dropdowns and More open on hover with their links', async () => {
    const page = await open(DESKTOP, '/');
    await page.getByRole('button', { name: 'More' }).hover();
    await page.getByRole('link', { name: 'About Us' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('link', { name: 'Contact Us' }).first().getAttribute('href')).toBe('/contactus');
    await page.getByRole('button', { name: 'AspiraAdmit' }).hover();
    await page.getByRole('link', { name: 'AspiraAdmit overview' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('link', { name: 'About Us' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Registration' }).first().getAttribute('href')).toBe('/information');
    expect(await page.getByRole('link', { name: 'AspiraTank' }).first().getAttribute('href')).toBe('/tank');
  });
});

e2eDescribe('mobile menu', () => {
  it('opens and closes (×, Escape, outside tap) and returns focus to the Menu button', async () => {
    const page = await open(PHONE, '/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const drawer = page.locator('#mobile-menu');
    expect(await drawer.isVisible()).toBe(false);
    await toggle.click();
    await drawer.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    for (const item of ['All Courses', 'AspiraDemy', 'AspiraDiscover', 'AspiraElevate', 'AspiraAdmit', 'More']) {
      await expect(drawer.locator('summary', { hasText: item }).count()).resolves.toBeGreaterThan(0);
    }
    expect(await drawer.getByRole('link', { name: 'Registration' }).getAttribute('href')).toBe('/signup');
    await closesThreeWays(page, {
      trigger: toggle,
      dialog: drawer,
      outside: { x: 10, y: 400 },
      closed: async () => {
        // The dialog's close event (which resets the button) is dispatched just after it hides.
        await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('mobile-menu');
      },
    });
  });

  it('has its own search that opens the chosen programme', async () => {
    const page = await open(PHONE, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#mobile-menu').waitFor({ state: 'visible' });
    const box = page.locator('#mobile-search-input');
    await box.fill('ELEVATE');
    await page.locator('#mobile-search-list [role="option"]:visible').first().click();
    await page.waitForURL('**/aspiraelevate');
  });

  it('the All Courses group lists the course cards', async () => {
    const page = await open(PHONE, '/aspirademy');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#mobile-menu').waitFor({ state: 'visible' });
    await page.locator('#mobile-menu summary', { hasText: 'All Courses' }).click();
    await page
      .locator('#mobile-menu')
      .getByRole('link', { name: /Data Analytics/ })
      .first()
      .click();
    await page.waitForURL(`**/course/${COURSE.dataAnalytics}`);
  });
});
