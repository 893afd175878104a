/**
 * The marketing site in a real browser: every owned route with its facts, course landing pages,
 * policy pages, redirects, the 404 page, the footer, and what search engines read.
 */
import { expect, it } from 'vitest';
import { baseUrl, e2eDescribe } from './harness.ts';
import { COURSE, DESKTOP, open, text } from './marketing-visit.ts';

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

  it('the hero video is not attached for reduced-motion visitors; the poster is preloaded from the head', async () => {
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
    // The poster (the LCP element) is preloaded from the head with the very sources the picture uses.
    const preload = first.locator('head link[rel="preload"][as="image"]');
    expect(await preload.getAttribute('fetchpriority')).toBe('high');
    expect(await preload.getAttribute('imagesrcset')).toBe(
      await first.locator('.hero-media source[type="image/avif"]').getAttribute('srcset'),
    );
  });
});
