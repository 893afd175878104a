import { afterAll, expect, it } from 'vitest';
import { e2eDescribe, newPage, sql } from './harness.ts';

const LISTED = `Listed Course ${Date.now().toString(36)}`;
let listedId = '';

e2eDescribe('course catalogue in the browser', () => {
  afterAll(async () => {
    if (listedId) await sql()`delete from courses where id = ${listedId}`;
  });

  it('/courses shows the five course titles from the database', async () => {
    const page = await newPage();
    await page.goto('/courses');
    for (const title of ['Digital Marketing', 'Product Management', 'Sales Management', 'Business Intelligence', 'Data Analytics']) {
      await page.getByRole('heading', { name: title }).first().waitFor();
    }
    expect(await page.title()).toMatch(/Courses/);
  });

  it('shows a struck-through list price and its real percentage only on a course that has one', async () => {
    // ₹5,000 list, ₹3,999 price: 20.02% saved, shown as "20% off" (rounded down, never up).
    const [row] = await sql()`insert into courses (title, description, price_paise, list_price_paise, duration)
      values (${LISTED}, 'A course an admin priced below its list price.', 399900, 500000, '6 weeks') returning id`;
    listedId = row!.id as string;

    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/courses');
    const listed = page.locator('.shop-card', { has: page.getByRole('heading', { name: LISTED }) });
    await listed.waitFor();
    expect((await listed.locator('.price').textContent())?.trim()).toBe('₹3,999');
    expect((await listed.locator('s').textContent())?.trim()).toBe('List price ₹5,000');
    expect((await listed.locator('.price-off').textContent())?.trim()).toBe('20% off');
    // The five seeded courses have no list price: no "was" price, no discount label.
    const others = page.locator('.shop-card', { hasNot: page.getByRole('heading', { name: LISTED }) });
    expect(await others.count()).toBeGreaterThanOrEqual(5);
    expect(await others.locator('s').count()).toBe(0);
    expect(await others.getByText(/% off/).count()).toBe(0);
    expect(await page.getByText(/% off/).count()).toBe(1);

    await page.goto(`/course/${listedId}`);
    await page.getByRole('heading', { name: LISTED }).waitFor();
    const meta = page.locator('.course-view-meta');
    expect(await meta.textContent()).toContain('₹3,999');
    expect((await meta.locator('s').textContent())?.trim()).toBe('List price ₹5,000');
    expect((await meta.locator('.price-off').textContent())?.trim()).toBe('20% off');

    // The list price removed: the course page shows the price alone.
    await sql()`update courses set list_price_paise = null where id = ${listedId}`;
    await page.reload();
    await page.getByRole('heading', { name: LISTED }).waitFor();
    expect(await page.locator('.course-view-meta s').count()).toBe(0);
    expect(await page.getByText(/% off/).count()).toBe(0);
  });
});
