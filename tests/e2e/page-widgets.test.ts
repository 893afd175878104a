/** The home catalogue and its calls to action, one-open accordions and the Contact Us dialog. */
import { expect, it } from 'vitest';
import { e2eDescribe } from './harness.ts';
import { closesThreeWays, COURSE, DESKTOP, PHONE, open } from './marketing-visit.ts';

e2eDescribe('home catalogue', () => {
  it('category filter narrows the catalogue; Most Popular shows every course', async () => {
    const page = await open(DESKTOP, '/');
    const cards = page.locator('[data-cards] > li:visible');
    // The live catalogue (courses an admin added since the build) has arrived.
    await page.locator('[data-catalogue][data-refreshed]').waitFor({ state: 'attached' });
    const all = await cards.count();
    expect(all).toBeGreaterThanOrEqual(5);
    const mostPopular = page.getByRole('button', { name: 'Most Popular' });
    expect(await mostPopular.getAttribute('aria-pressed')).toBe('true');
    const filters = page.locator('[data-filters] button');
    expect(await filters.count()).toBeGreaterThan(1);
    const second = filters.nth(1);
    const category = await second.getAttribute('data-filter');
    await second.click();
    expect(await second.getAttribute('aria-pressed')).toBe('true');
    expect(await mostPopular.getAttribute('aria-pressed')).toBe('false');
    const narrowed = await cards.count();
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(all);
    for (const li of await cards.all()) expect(await li.getAttribute('data-category')).toBe(category);
    await mostPopular.click();
    expect(await cards.count()).toBe(all);
  });

  it('a category chosen before the live catalogue arrives stays chosen, and a new course shows up in it', async () => {
    const page = await open(DESKTOP);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/course/courses', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { courses: { _id: string; title: string; description: string }[] };
      const first = body.courses[0]!;
      body.courses.push({ ...first, _id: 'ffffffffffffffffffffff01', title: 'Course Added After The Build' });
      await held;
      await route.fulfill({ response, json: body });
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.documentElement.dataset.scripts === 'ready');
    const second = page.locator('[data-filters] button').nth(1);
    const category = (await second.getAttribute('data-filter'))!;
    await second.click();
    release();
    await page.locator('[data-catalogue][data-refreshed]').waitFor({ state: 'attached' });
    const chosen = page.locator(`[data-filters] button[data-filter="${category}"]`);
    expect(await chosen.getAttribute('aria-pressed')).toBe('true');
    const visible = page.locator('[data-cards] > li:visible');
    for (const li of await visible.all()) expect(await li.getAttribute('data-category')).toBe(category);
    await page.getByRole('button', { name: 'Most Popular' }).click();
    await page.getByRole('heading', { name: 'Course Added After The Build' }).waitFor();
  });

  it('View Program opens /course/{id}; Explore Now scrolls to the programmes; Apply Now goes to /information', async () => {
    const page = await open(DESKTOP, '/');
    expect(await page.getByRole('link', { name: 'Apply Now' }).first().getAttribute('href')).toBe('/information');
    await page.getByRole('link', { name: 'Explore Now' }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById('programmes')!.getBoundingClientRect().top;
      return top >= 0 && top < 200;
    });
    await page.waitForFunction(() => document.querySelectorAll('[data-cards] a').length >= 5);
    await page.getByRole('link', { name: 'View Program: Digital Marketing' }).click();
    await page.waitForURL(`**/course/${COURSE.digitalMarketing}`);
  });

  it('the partner strip has 11 logos repeated 11 times in a 70 s loop', async () => {
    const page = await open(DESKTOP, '/');
    const groups = page.locator('.partners .marquee-group');
    expect(await groups.count()).toBe(11);
    expect(await groups.first().locator('img').count()).toBe(11);
    expect(await page.locator('.partners .marquee-track').evaluate((el) => getComputedStyle(el).animationDuration)).toBe('70s');
  });
});

e2eDescribe('accordions keep one item open', () => {
  it('on /faq: opening an item closes the open one; clicking the open one closes it', async () => {
    const page = await open(DESKTOP, '/faq');
    const items = page.locator('.accordion-group').first().locator('details');
    const openState = () => items.evaluateAll((ds) => ds.map((d) => (d as HTMLDetailsElement).open));
    await items.nth(0).locator('summary').click();
    expect(await openState()).toEqual([true, false, false, false]);
    await items.nth(2).locator('summary').click();
    expect(await openState()).toEqual([false, false, true, false]);
    await items.nth(2).locator('summary').click();
    expect(await openState()).toEqual([false, false, false, false]);
  });

  it('course details: one section at a time, and the text asks to register for the syllabus', async () => {
    const page = await open(DESKTOP, `/course/${COURSE.productManagement}`);
    const items = page.locator('[data-accordion="details"] details');
    await items.nth(0).locator('summary').click();
    await items.nth(1).locator('summary').click();
    expect(await items.evaluateAll((ds) => ds.filter((d) => (d as HTMLDetailsElement).open).length)).toBe(1);
    expect(await items.nth(1).innerText()).toMatch(/Register to receive the detailed syllabus/);
    await items.nth(1).locator('summary').click();
    expect(await items.evaluateAll((ds) => ds.filter((d) => (d as HTMLDetailsElement).open).length)).toBe(0);
  });
});

e2eDescribe('Contact Us bar', () => {
  it('opens the advisor dialog; ×, Escape and a click outside close it; focus returns to the button', async () => {
    const page = await open(PHONE, '/aspiradiscover');
    const button = page.locator('.contact-bar').getByRole('button', { name: 'Contact Us' });
    const dialog = page.locator('#advisor-dialog');
    expect(await dialog.isVisible()).toBe(false);
    await button.click();
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.locator('#advisor-form-root').count()).toBe(1);
    await closesThreeWays(page, {
      trigger: button,
      dialog,
      outside: { x: 5, y: 5 },
      closed: async () => {
        expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-open-advisor'))).toBe(true);
      },
    });
  });
});
