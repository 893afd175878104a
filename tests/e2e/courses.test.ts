import { expect, it } from 'vitest';
import { e2eDescribe, newPage } from './harness.ts';

e2eDescribe('course catalogue in the browser', () => {
  it('/courses shows the five course titles from the database', async () => {
    const page = await newPage();
    await page.goto('/courses');
    for (const title of ['Digital Marketing', 'Product Management', 'Sales Management', 'Business Intelligence', 'Data Analytics']) {
      await page.getByRole('heading', { name: title }).first().waitFor();
    }
    expect(await page.title()).toMatch(/Courses/);
  });
});
