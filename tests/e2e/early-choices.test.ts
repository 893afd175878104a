/**
 * Choices made before a form is alive (issue 27, item 5): a lead form's code loads on the first
 * interaction and the advisor form's on the dialog's first open, so a quick visitor ticks boxes
 * and picks from lists while it is still plain HTML. Those choices must still be there once the
 * form is alive, and be sent with the submission, as early typing is (hydration.test.ts).
 */
import { expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { e2eDescribe, newPage, sql } from './harness.ts';
import { holdScripts } from './islands.ts';

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The JSON body of the first POST to this API path. */
function bodyOf(page: Page, path: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const seen = (request: Request) => {
      if (request.method() !== 'POST' || !request.url().endsWith(path)) return;
      page.off('request', seen);
      resolve(request.postDataJSON() as Record<string, unknown>);
    };
    page.on('request', seen);
  });
}

const industriesTicked = (form: Locator) =>
  form
    .locator('input[type="checkbox"]')
    .evaluateAll((boxes: HTMLInputElement[]) => boxes.filter((b) => b.checked).map((b) => b.parentElement?.textContent?.trim()));

async function fillPitch(form: Locator, email: string): Promise<void> {
  const values: Record<string, string> = {
    Name: 'Early Chooser',
    Number: '9810042426',
    email,
    location: 'Pune',
    startupName: 'TickFast',
    startupIdea: 'Payments for small schools',
    problem: 'Fees are collected in cash.',
    audience: 'Schools in tier-2 cities.',
    uvp: 'One link per parent.',
    usage: 'Mentoring on sales.',
    team: 'Two founders.',
    vision: 'Every school paid on time.',
    pitchDeckLink: 'https://docs.example.com/tickfast',
    comments: 'Chosen before the form was alive.',
  };
  for (const [name, value] of Object.entries(values)) await form.locator(`[name="${name}"]`).fill(value);
}

e2eDescribe('choices made before a form is alive are kept and sent', () => {
  it('/tank: industries ticked and a stage picked before the form has loaded', async () => {
    const page = await newPage();
    const release = await holdScripts(page);
    await page.goto('/tank#pitch-form', { waitUntil: 'domcontentloaded' });
    const form = page.locator('main form');
    await form.getByLabel('SaaS').check();
    await form.getByLabel('FinTech').check();
    await form.getByLabel('Other', { exact: true }).check();
    await form.locator('[name="stage"]').selectOption('MVP / Prototype ready');
    expect(await page.locator('main form[data-ready]').count()).toBe(0);

    release();
    // `data-ready` comes with the form's first render of its own state over the prebuilt HTML.
    await page.locator('main form[data-ready]').waitFor({ timeout: 30_000 });
    expect(await industriesTicked(form)).toEqual(['SaaS', 'FinTech', 'Other']);
    expect(await form.locator('[name="stage"]').inputValue()).toBe('MVP / Prototype ready');
    // Other, ticked early, shows its field as a tick after the form is alive would.
    await form.locator('[name="otherIndustry"]').fill('SchoolTech');

    const email = unique('early-choices');
    await fillPitch(form, email);
    const sent = bodyOf(page, '/api/v1/user/tank');
    await form.getByRole('button', { name: 'Submit pitch' }).click();
    await page.waitForURL('**/thank-you', { timeout: 30_000 });
    expect(await sent).toMatchObject({ industries: ['SaaS', 'FinTech'], otherIndustry: 'SchoolTech', stage: 'MVP / Prototype ready' });
    const rows = await sql()`select industries, other_industry, stage from startup_pitches where email = ${email}`;
    expect(rows).toEqual([{ industries: ['SaaS', 'FinTech'], other_industry: 'SchoolTech', stage: 'MVP / Prototype ready' }]);
  });

  it('/tank on a slow phone (CPU 6x slower): two industries ticked right after the page loads', async () => {
    const page = await newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto('/tank#pitch-form', { waitUntil: 'load' });
    const form = page.locator('main form');
    await form.getByLabel('SaaS').check();
    await form.getByLabel('FinTech').check();
    await page.locator('main form[data-ready]').waitFor({ timeout: 30_000 });
    // Any render still on its way after `data-ready` would show here.
    await page.waitForTimeout(500);
    expect(await industriesTicked(form)).toEqual(['SaaS', 'FinTech']);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const email = unique('early-choices-slow');
    await fillPitch(form, email);
    await form.locator('[name="stage"]').selectOption('Idea stage');
    const sent = bodyOf(page, '/api/v1/user/tank');
    await form.getByRole('button', { name: 'Submit pitch' }).click();
    await page.waitForURL('**/thank-you', { timeout: 30_000 });
    expect(await sent).toMatchObject({ industries: ['SaaS', 'FinTech'] });
    const rows = await sql()`select industries from startup_pitches where email = ${email}`;
    expect(rows).toEqual([{ industries: ['SaaS', 'FinTech'] }]);
  });

  it('advisor dialog: a programme picked before the form has loaded', async () => {
    const page = await newPage();
    await page.goto('/about', { waitUntil: 'load' });
    // The page's own scripts (the Contact Us bar) are alive; the form's code loads on first open.
    await page.locator('main').hover();
    await page.waitForFunction(() => document.documentElement.dataset.scripts === 'ready');
    const release = await holdScripts(page);
    await page.getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.locator('#advisor-dialog');
    const form = dialog.locator('form');
    await form.locator('[name="programme"]').selectOption('Business Intelligence');
    const email = unique('early-programme');
    await form.locator('[name="Name"]').fill('Early Picker');
    await form.locator('[name="Number"]').fill('9810042427');
    await form.locator('[name="email"]').fill(email);
    expect(await form.getAttribute('data-ready')).toBeNull();

    release();
    await dialog.locator('form[data-ready]').waitFor({ timeout: 30_000 });
    expect(await form.locator('[name="programme"]').inputValue()).toBe('Business Intelligence');
    const sent = bodyOf(page, '/api/v1/user/contactus');
    await form.getByRole('button', { name: 'Request a call' }).click();
    await dialog.getByText('We will connect you shortly!').waitFor();
    expect(await sent).toMatchObject({ programme: 'Business Intelligence', Name: 'Early Picker' });
    const rows = await sql()`select source, programme from contact_requests where email = ${email}`;
    expect(rows).toEqual([{ source: 'advisor', programme: 'Business Intelligence' }]);
  });
});
