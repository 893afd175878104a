/**
 * The marketing site in a real browser: routes and their facts, header search, the All Courses menu
 * (hover, tap, keyboard), the home category filter, one-open accordions, the mobile menu and the
 * Contact Us dialog.
 */
import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, e2eDescribe, newPage } from './harness.ts';

const DESKTOP = { width: 1440, height: 900 };
const COURSE = {
  digitalMarketing: '6801c2a4f1e2b3c4d5e6fd57',
  productManagement: '6801c2a4f1e2b3c4d5e6fd68',
  salesManagement: '6801c2a4f1e2b3c4d5e6fd64',
  businessIntelligence: '6801c2a4f1e2b3c4d5e6fdb0',
  dataAnalytics: '6801c2a4f1e2b3c4d5e6fd75',
};

/** A page with generous timeouts (the machine may be busy) that navigates on DOMContentLoaded. */
async function open(size: { width: number; height: number }, path?: string): Promise<Page> {
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
async function text(page: Page): Promise<string> {
  await page.addStyleTag({ content: 'main > * { content-visibility: visible !important; }' });
  return (await page.locator('main').innerText()).replace(/\s+/g, ' ');
}

e2eDescribe('marketing pages answer with their facts', () => {
  const facts: [string, (string | RegExp)[]][] = [
    [
      '/',
      [
        'Explore Now',
        'Apply Now',
        'Most Popular',
        'Hybrid Learning',
        'Global Certification',
        'Affordable Pricing Guaranteed',
        '24/7 Access to Learning Resources',
        '9 LPA',
        'Belgium from 1 December 2025',
      ],
    ],
    [
      '/aspirademy',
      [
        'Our vision',
        'Job-ready in 5 months',
        '2 months online, 3 months in class',
        'Digital Marketing',
        'Sales Management',
        'Data Analytics',
        'Business Intelligence',
        'Product Management',
      ],
    ],
    [
      '/aspiradiscover',
      [
        '30 days',
        '€1,500',
        'all-inclusive',
        'Foreign nationals, 14+',
        'Multiple cities in India',
        'August 31, 2025, 12 PM IST',
        'Yoga and wellness',
        'Culinary arts',
        'Tours and culture',
      ],
    ],
    [
      '/aspiraelevate',
      [
        '16 weeks',
        '12 weeks France + 4 online',
        '₹2,99,000',
        'August 31, 2025, 12 PM IST',
        'Four reasons to join',
        'Business Intelligence',
        'Product Management',
        'Digital Marketing',
        'Sales Management',
        '23 tools',
      ],
    ],
    [
      '/aspiraadmit',
      [
        '4-6 months',
        'Jan/Feb 2026',
        '₹2,00,000',
        'payable in 4 parts',
        '₹11,000',
        'Non-refundable',
        '300-1000 EUR per year',
        'Applications to 10 public universities',
        'Full refund if you receive no admission offer',
      ],
    ],
    [
      '/careers/aviation',
      [
        'Aircraft training in France',
        '₹2,99,000',
        '₹3,49,000',
        '2 months online, 4 months hands-on, 1 month placement',
        '1 month online, 3 months hands-on, 1 month placement',
      ],
    ],
    ['/careers/hospitality', ['₹2,99,000', '₹3,49,000']],
    ['/careers/travel-customer-service', ['₹2,99,000', '₹3,49,000']],
    [
      '/tank',
      ['Pitch your startup', 'Idea stage', 'MVP / Prototype ready', 'Launched with early users', 'Generating revenue', 'Scaling stage'],
    ],
    [
      `/course/${COURSE.digitalMarketing}`,
      [
        'Globally Recognized Curriculum',
        'Job-Ready in 5 Months',
        '10+2 or equivalent',
        'Basic English',
        "Tools you'll learn",
        'Course Details',
        'Upcoming Cohort',
        'August',
        '2 months online',
        '3 months in class',
        '₹2,49,000',
        'Explore Our Programs',
      ],
    ],
    [`/course/${COURSE.salesManagement}`, ['₹2,49,000']],
    [`/course/${COURSE.productManagement}`, ['₹2,99,000']],
    [`/course/${COURSE.businessIntelligence}`, ['₹2,99,000']],
    [`/course/${COURSE.dataAnalytics}`, ['₹2,99,000']],
    ['/about', ['Who are we?']],
    ['/faq', ['Pricing and enrollment', 'Training and placement']],
    ['/help', ['Contact Support']],
    ['/terms', ['Acceptance', 'Liability and law']],
    ['/payment-methods', ['UPI', 'Visa', 'Mastercard', 'RuPay']],
    ['/privacy', ['What we collect']],
    ['/refund-policy', ['7 days']],
    ['/Header', ['AspiraDemy', 'AspiraTank']],
  ];

  it('every owned route answers 200 and shows its facts', { timeout: 240_000 }, async () => {
    const page = await open(DESKTOP);
    for (const [path, expected] of facts) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const body = await text(page);
      for (const fact of expected) expect(body, `${path} shows ${fact}`).toContain(fact);
      expect(await page.locator('h1').count(), `${path} has one h1`).toBe(1);
    }
  });

  it('course landing pages: the five ids, 4 modules for product and sales management, 9 FAQs, links to the other four', async () => {
    const page = await open(DESKTOP);
    for (const [id, modules] of [
      [COURSE.productManagement, 4],
      [COURSE.salesManagement, 4],
    ] as const) {
      await page.goto(`/course/${id}`);
      expect(await page.locator('[data-accordion="details"] details').count()).toBe(modules);
      expect(await page.locator('#faq details').count()).toBe(9);
      const links = await page
        .locator('section[aria-labelledby="explore"] a')
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
      expect(links.sort()).toEqual(
        Object.values(COURSE)
          .filter((c) => c !== id)
          .map((c) => `/course/${c}`)
          .sort(),
      );
    }
  });

  it('about has 9 Q&As, faq 4 + 7, help 4, terms 7 numbered clauses', async () => {
    const page = await open(DESKTOP, '/about');
    expect(await page.locator('main details').count()).toBe(9);
    await page.goto('/faq');
    expect(await page.locator('.accordion-group').nth(0).locator('details').count()).toBe(4);
    expect(await page.locator('.accordion-group').nth(1).locator('details').count()).toBe(7);
    await page.goto('/help');
    expect(await page.locator('main details').count()).toBe(4);
    expect(await page.getByRole('link', { name: 'Contact Support' }).first().getAttribute('href')).toBe('/contactus');
    await page.goto('/terms');
    expect(await page.locator('main ol > li').count()).toBe(7);
  });

  it('case variants of programme routes answer 301 with the lowercase URL', async () => {
    for (const [from, to] of [
      ['/AspiraAdmit', '/aspiraadmit'],
      ['/AspiraDiscover', '/aspiradiscover'],
      ['/AspiraElevate', '/aspiraelevate'],
      ['/AspiraDemy', '/aspirademy'],
    ]) {
      const response = await fetch(new URL(from!, baseUrl), { redirect: 'manual' });
      expect(response.status, from).toBe(301);
      expect(new URL(response.headers.get('location')!, baseUrl).pathname).toBe(to);
    }
  });

  it('an unknown path answers 404 with the site’s page', async () => {
    const page = await open(DESKTOP);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toContain('could not find');
  });

  it('footer: Explore and Policy links go to real pages, payment icons shown', async () => {
    const page = await open(DESKTOP, '/');
    const footer = page.locator('footer');
    for (const name of [
      'Home',
      'AspiraDemy',
      'AspiraDiscover',
      'AspiraElevate',
      'Contact us',
      'Registration',
      'Terms & Conditions',
      'Payment Methods',
      'FAQ',
    ]) {
      await expect(footer.getByRole('link', { name, exact: true }).count()).resolves.toBe(1);
    }
    for (const href of ['/terms', '/payment-methods', '/faq', '/privacy', '/refund-policy']) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
    }
    expect(await footer.locator('.pay-icons img').count()).toBeGreaterThanOrEqual(4);
  });
});

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

e2eDescribe('home catalogue', () => {
  it('category filter narrows the catalogue; Most Popular shows every course', async () => {
    const page = await open(DESKTOP, '/');
    const cards = page.locator('[data-cards] > li:visible');
    await page.waitForFunction(() => document.querySelectorAll('[data-cards] > li').length >= 5);
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

e2eDescribe('mobile menu', () => {
  it('opens and closes (×, Escape, outside tap) and returns focus to the Menu button', async () => {
    const page = await open({ width: 375, height: 812 }, '/');
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
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
    // The dialog's close event (which resets the button) is dispatched just after it hides.
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('mobile-menu');
    await toggle.click();
    await drawer.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await toggle.click();
    await drawer.waitFor({ state: 'visible' });
    await page.mouse.click(10, 400);
    await drawer.waitFor({ state: 'hidden' });
  });

  it('has its own search that opens the chosen programme', async () => {
    const page = await open({ width: 375, height: 812 }, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#mobile-menu').waitFor({ state: 'visible' });
    const box = page.locator('#mobile-search-input');
    await box.fill('ELEVATE');
    await page.locator('#mobile-search-list [role="option"]:visible').first().click();
    await page.waitForURL('**/aspiraelevate');
  });

  it('the All Courses group lists the course cards', async () => {
    const page = await open({ width: 375, height: 812 }, '/aspirademy');
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

e2eDescribe('Contact Us bar', () => {
  it('opens the advisor dialog; ×, Escape and a click outside close it; focus returns to the button', async () => {
    const page = await open({ width: 375, height: 812 }, '/aspiradiscover');
    const button = page.locator('.contact-bar').getByRole('button', { name: 'Contact Us' });
    const dialog = page.locator('#advisor-dialog');
    expect(await dialog.isVisible()).toBe(false);
    await button.click();
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.locator('#advisor-form-root').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-open-advisor'))).toBe(true);
    await button.click();
    await dialog.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await button.click();
    await dialog.waitFor({ state: 'visible' });
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-open-advisor'))).toBe(true);
  });
});

e2eDescribe('SEO', () => {
  it('pages carry title, description, canonical, Open Graph and JSON-LD; sitemap and robots exist', async () => {
    const page = await open(DESKTOP, `/course/${COURSE.dataAnalytics}`);
    expect(await page.title()).toMatch(/Data Analytics.*Aspira/);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/course/${COURSE.dataAnalytics}$`));
    expect(await page.locator('meta[property="og:title"]').count()).toBe(1);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld['@type']).toBe('Course');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const home = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(home['@type']).toBe('EducationalOrganization');
    expect((await page.request.get('/robots.txt')).status()).toBe(200);
    expect(await (await page.request.get('/sitemap-0.xml')).text()).toContain('/aspiraelevate');
  });

  it('the hero video is not attached for reduced-motion visitors; the poster is the first image', async () => {
    const first = await open(DESKTOP);
    const context = await first.context().browser()!.newContext({ baseURL: baseUrl, viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await context.newPage();
    try {
      await page.goto('/', { waitUntil: 'load' });
      await page.waitForTimeout(300);
      expect(await page.locator('[data-hero-video] source').count()).toBe(0);
      expect(await page.locator('[data-hero-video]').getAttribute('preload')).toBe('none');
    } finally {
      await context.close();
    }
    await first.goto('/', { waitUntil: 'load' });
    await first.waitForFunction(() => document.querySelectorAll('[data-hero-video] source').length === 2);
  });
});

e2eDescribe('compression (as Netlify CDN serves)', () => {
  /** One raw request: the body as sent on the wire, undecoded. */
  function raw(path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const url = new URL(path, baseUrl);
      const request = httpGet(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
    });
  }

  it('pages, scripts and API answers come brotli-compressed, else gzip, else as they are; images are not recompressed', async () => {
    const plain = await raw('/aspirademy');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await raw('/aspirademy', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const gz = await raw('/aspirademy', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

    const script = plain.body.toString().match(/data-modules="(\/_astro\/[^" ]+\.js)/)?.[1];
    expect(script).toBeTruthy();
    expect((await raw(script!, 'br')).headers['content-encoding']).toBe('br');
    const api = await raw('/api/v1/course/courses', 'br');
    expect(api.status).toBe(200);
    expect(api.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(api.body).toString())).toBeTruthy();
    const image = await raw('/media/hero-640.webp', 'br');
    expect(image.headers['content-encoding']).toBeUndefined();
  });
});
