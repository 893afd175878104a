/**
 * Images, sharing and field data in the browser (docs/architecture.md, Images and sharing;
 * Operations): a phone is sent the small course picture; programme and course pages name Open
 * Graph images of their own that exist; a visit reports its Core Web Vitals (only when turned on:
 * off by default in tests) and the owner's operations screen shows them.
 */
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { adminLogIn, baseUrl, createAdminFromTerminal, e2eDescribe, newPage, settled, sql } from './harness.ts';

const stamp = Date.now().toString(36);
const OWNER = { email: `vitals-owner-${stamp}@aspira.example`, password: 'vitals-owner-pass-1', firstName: 'Kavya', lastName: 'Menon' };

e2eDescribe('images, sharing and field data', () => {
  it('a phone loads the small width of the first course picture on /courses, never the full one', async () => {
    const page = await newPage({ width: 390, height: 844 });
    const pictures: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/images/')) pictures.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    await page.goto('/courses');
    const first = page.locator('.shop-card img').first();
    await first.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.shop-card img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    const chosen = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(chosen).toMatch(/\/api\/v1\/images\/[0-9a-f]{64}\/480$/);
    // (naturalWidth is corrected by the srcset's density: the picture itself is what counts.)
    const picture = Buffer.from(await (await fetch(chosen)).arrayBuffer());
    expect((await sharp(picture).metadata()).width).toBe(480);
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.filter((url) => !url.endsWith('/480'))).toEqual([]);
  });

  it('programme and course pages name Open Graph images of their own, 1200 x 630, that exist; the home keeps og.jpg', async () => {
    const paths = ['/', '/aspiraadmit', '/aspirademy', '/course/6801c2a4f1e2b3c4d5e6fd57', '/course/6801c2a4f1e2b3c4d5e6fd68'];
    const images: Record<string, string> = {};
    for (const path of paths) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      expect(og, path).toBeTruthy();
      expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
      images[path] = new URL(og!).pathname;
    }
    expect(images['/']).toBe('/media/og.jpg');
    expect(images['/aspiraadmit']).toBe('/og/aspiraadmit.jpg');
    expect(images['/course/6801c2a4f1e2b3c4d5e6fd57']).toBe('/og/course-6801c2a4f1e2b3c4d5e6fd57.jpg');
    expect(new Set(Object.values(images)).size).toBe(paths.length);
    const seen = new Set<string>();
    for (const image of Object.values(images)) {
      const res = await fetch(`${baseUrl}${image}`);
      expect(res.status, image).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/jpeg/);
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height], image).toEqual([1200, 630]);
      seen.add(bytes.toString('base64'));
    }
    expect(seen.size).toBe(paths.length);
  });

  it(
    'a visit reports its vitals only when turned on, and the owner sees that page on the operations screen',
    { timeout: 120_000 },
    async () => {
      await sql()`delete from field_vitals where path = '/faq'`;
      // Off by default in a browser a test drives: nothing starts, nothing is sent.
      const quiet = await newPage({ width: 390, height: 844 });
      await quiet.goto('/faq');
      await quiet.waitForSelector('html[data-scripts="ready"]');
      await quiet.locator('main h1').first().click();
      await quiet.waitForTimeout(1500);
      expect(await quiet.locator('html[data-vitals]').count()).toBe(0);
      await quiet.goto('/about');
      await quiet.waitForTimeout(500);
      expect(await sql()`select 1 from field_vitals where path = '/faq'`).toHaveLength(0);

      // Turned on: the visit's FCP and LCP (and the tap's INP) go out as the page is left.
      const visitor = await newPage({ width: 390, height: 844 });
      await visitor.context().addInitScript(() => localStorage.setItem('aspira.vitals', 'on'));
      await visitor.goto('/faq');
      await visitor.waitForSelector('html[data-scripts="ready"]');
      // The reporter comes with the first input; its buffered observers still see the paints.
      await visitor.locator('main h1').first().click();
      await visitor.waitForSelector('html[data-vitals="on"]', { timeout: 30_000 });
      await visitor.goto('/about');
      let rows: { metric: string; device: string }[] = [];
      for (let i = 0; i < 50 && !rows.some((r) => r.metric === 'LCP'); i++) {
        rows = await sql()<{ metric: string; device: string }[]>`select metric, device from field_vitals where path = '/faq'`;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(rows.map((r) => r.metric)).toEqual(expect.arrayContaining(['FCP', 'LCP']));
      expect(new Set(rows.map((r) => r.device))).toEqual(new Set(['phone']));

      expect((await createAdminFromTerminal(OWNER)).code).toBe(0);
      const admin = await newPage({ width: 1280, height: 800 });
      admin.setDefaultTimeout(30_000);
      await adminLogIn(admin, OWNER);
      await admin.goto('/admin/operations', { waitUntil: 'domcontentloaded' });
      await settled(admin);
      const row = admin.locator('tr[data-vitals-page="/faq"][data-device="phone"]');
      await row.waitFor();
      const text = (await row.textContent()) ?? '';
      expect(text).toContain('Phone');
      expect(await row.locator('[data-metric="LCP"]').textContent()).toMatch(/\d+ ms (within|over) 1500 ms/);
      expect(await row.locator('[data-metric="FCP"]').textContent()).toMatch(/\d+ ms (within|over) 1000 ms/);
      expect(await axeViolations(admin, '/admin/operations with field data (desktop)')).toEqual([]);
      await admin.setViewportSize({ width: 390, height: 844 });
      expect(await axeViolations(admin, '/admin/operations with field data (phone)')).toEqual([]);
    },
  );
});
