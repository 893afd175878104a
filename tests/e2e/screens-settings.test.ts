/**
 * /settings shows its WhatsApp section from the first paint, before the learner touches anything,
 * and nothing moves when the page's forms come alive.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eDescribe, newPage, sql } from './harness.ts';
import { learnerLogIn, newLearner, shot } from './screens-kit.ts';

const run = Date.now().toString(36);

/** Layout shifts the browser reports, with their time, from the page's start. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { at: number; value: number }[] = [];
    (window as never as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        shifts.push({ at: entry.startTime, value: entry.value });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const box = (page: Page, selector: string) => page.locator(selector).first().boundingBox();

e2eDescribe('/settings', () => {
  for (const width of [375, 1280]) {
    it(
      `shows "WhatsApp updates" before any interaction and does not shift when it comes alive (${width} px)`,
      { timeout: 120_000 },
      async () => {
        const learner = await newLearner(`settings-${width}-${run}@example.com`, 'violet harbour lantern 42');
        const page = await newPage({ width, height: 800 });
        await learnerLogIn(page, learner);
        await watchShifts(page);
        // The pointer rests in the page's top corner, away from the forms: no intent inside them.
        await page.mouse.move(1, 1);
        // Asked once: by the page's script after the first paint, or by the form as it comes alive.
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/whatsapp') && r.request().method() === 'GET');
        await page.goto('/settings', { waitUntil: 'load' });
        // The page's scripts have come and its details are drawn; nobody has touched the page.
        await page.locator('html[data-scripts="ready"]').waitFor({ timeout: 30_000 });
        await page.locator('[data-profile="details"]:not([hidden])').waitFor();
        await page.waitForTimeout(500);
        const heading = page.getByRole('heading', { name: 'WhatsApp updates' });
        expect(await heading.isVisible(), 'the WhatsApp heading is there before any interaction').toBe(true);
        expect(await page.getByRole('button', { name: 'Turn on WhatsApp updates' }).isVisible()).toBe(true);
        expect(await page.locator('astro-island[ssr] #whatsapp-heading').count(), 'drawn by the server, not alive yet').toBe(1);

        const before = { whatsapp: await box(page, '#whatsapp-heading'), logout: await box(page, '#logout-heading') };
        const since = await page.evaluate(() => performance.now());
        await page.getByRole('heading', { name: 'Change password' }).hover();
        await page.locator('astro-island:not([ssr]) #whatsapp-heading').waitFor({ timeout: 30_000 });
        await answered;
        await page.waitForTimeout(500);
        const after = { whatsapp: await box(page, '#whatsapp-heading'), logout: await box(page, '#logout-heading') };
        expect(after).toEqual(before);
        const shifts = await page.evaluate(
          (t) => (window as never as { shifts: { at: number; value: number }[] }).shifts.filter((s) => s.at >= t),
          since,
        );
        expect(shifts).toEqual([]);
        await shot(page, `settings-${width}`);
      },
    );
  }

  it('shows a learner who turned WhatsApp on their number without waiting for a touch', { timeout: 120_000 }, async () => {
    const learner = await newLearner(`settings-on-${run}@example.com`, 'violet harbour lantern 42');
    const phone = `+9196${String(Date.now()).slice(-8)}`;
    const [account] = await sql()<{ id: string }[]>`select id from accounts where role = 'user' and email = ${learner.email}`;
    await sql()`insert into consents (email, purpose, notice_version, subject_table, subject_id)
                values (${learner.email}, 'whatsapp', '2026-11-30', 'accounts', ${account!.id})`;
    await sql()`insert into whatsapp_contacts (phone, email, verified_at) values (${phone}, ${learner.email}, now())`;
    const page = await newPage({ width: 375, height: 800 });
    await learnerLogIn(page, learner);
    await page.goto('/settings', { waitUntil: 'load' });
    await page.getByText(`Aspira sends your updates to ${phone} on WhatsApp`).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Turn off WhatsApp updates' }).isVisible()).toBe(true);
  });
});
