import { expect, it } from 'vitest';
import { wake } from './islands.ts';
import type { Locator, Page } from 'playwright-core';
import { e2eDescribe, newPage, sql } from './harness.ts';

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The error line a field shows (the element its aria-describedby names with class field-error). */
async function errorOf(control: Locator): Promise<string | null> {
  return control.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    const error = ids.map((id) => document.getElementById(id)).find((node) => node?.classList.contains('field-error'));
    return error?.textContent ?? null;
  });
}

/** A toast from the site's one Toaster (not the page's own status panels). */
const toastWith = (page: Page, text: string) => page.locator('[role="status"]:not(.lead-done)', { hasText: text });

async function leadsFor(email: string) {
  const [row] = await sql()`
    select (select count(*)::int from contact_requests where email = ${email})
         + (select count(*)::int from scholarship_applications where email = ${email})
         + (select count(*)::int from startup_pitches where email = ${email}) as rows,
           (select count(*)::int from email_outbox where to_address = ${email}) as confirmations,
           (select count(*)::int from email_outbox where to_address <> ${email} and text_body like ${`%${email}%`}) as notifications`;
  return row as { rows: number; confirmations: number; notifications: number };
}

/** Counts requests to the lead API (to prove a refused form sent nothing). */
function countLeadRequests(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (/\/api\/v1\/user\/(contactus|scholarship|tank)$/.test(request.url())) seen.count++;
  });
  return seen;
}

e2eDescribe('advisor dialog (every page)', () => {
  it('stays unloaded until opened, closes with Escape and restores focus, shows errors, then books a call with the campaign', async () => {
    const page = await newPage();
    await page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=spring');
    const dialog = page.locator('#advisor-dialog');
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await page.waitForTimeout(500);
    expect(await dialog.locator('form[data-ready]').count()).toBe(0);

    const bar = page.getByRole('button', { name: 'Contact Us' });
    await bar.click();
    // The dialog opens once its form's styles are in (at most 800 ms: advisor-styles.ts).
    await page.waitForFunction(() => (document.getElementById('advisor-dialog') as HTMLDialogElement).open, null, { timeout: 2_000 });
    const form = dialog.locator('form[data-ready]');
    await form.waitFor();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !(document.getElementById('advisor-dialog') as HTMLDialogElement).open);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Contact Us');

    await bar.click();
    await expect.poll(() => form.isVisible()).toBe(true);
    expect(await form.getByText('+91', { exact: true }).isVisible()).toBe(true);
    expect(await form.locator('select[name="programme"] option').allTextContents()).toEqual([
      'Select Program',
      'Data Analytics',
      'Sales Management',
      'Digital Marketing',
      'Business Intelligence',
      'Product Management',
      'General Certification',
      'Advanced Certification',
    ]);
    const requests = countLeadRequests(page);
    await form.getByRole('button', { name: 'Request a call' }).click();
    await form.getByText('Enter your name').waitFor();
    expect(await errorOf(form.locator('[name="Number"]'))).toBe('Enter your mobile number');
    expect(requests.count).toBe(0);

    const email = unique('advisor');
    await form.locator('[name="Name"]').fill('Ravi Kumar');
    await form.locator('[name="Number"]').fill('98100 42424');
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="programme"]').selectOption('Product Management');
    await form.getByRole('button', { name: 'Request a call' }).click();
    await dialog.getByText('We will connect you shortly!').waitFor();

    const [row] =
      await sql()`select source, name, phone, programme, utm_source, utm_medium, utm_campaign from contact_requests where email = ${email}`;
    expect(row).toEqual({
      source: 'advisor',
      name: 'Ravi Kumar',
      phone: '+919810042424',
      programme: 'Product Management',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
    });
    expect(await leadsFor(email)).toEqual({ rows: 1, confirmations: 1, notifications: 1 });

    // The × button closes it too.
    await dialog.locator('[data-dialog-close]').click();
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
  });

  it("shows the error when the server cannot be reached, and the server's own message otherwise", async () => {
    const page = await newPage({ width: 1440, height: 900 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Contact Us' }).click();
    const form = page.locator('#advisor-dialog form[data-ready]');
    await form.waitFor();
    const email = unique('advisor-down');
    await form.locator('[name="Name"]').fill('Down Test');
    await form.locator('[name="Number"]').fill('9810042424');
    await form.locator('[name="email"]').fill(email);

    await page.route('**/api/v1/user/contactus', (route) => route.abort('connectionrefused'));
    await form.getByRole('button', { name: 'Request a call' }).click();
    await form.getByText('Something went wrong. Please try again.').waitFor();

    await page.unroute('**/api/v1/user/contactus');
    await page.route('**/api/v1/user/contactus', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'retry-after': '60' },
        body: JSON.stringify({ errors: 'Too many requests. Please wait a little and try again.' }),
      }),
    );
    await form.getByRole('button', { name: 'Request a call' }).click();
    await form.getByText('Too many requests. Please wait a little and try again.').waitFor();
    expect(await leadsFor(email)).toEqual({ rows: 0, confirmations: 0, notifications: 0 });
  });

  it('keeps what was typed before the form had loaded (it loads on first open)', async () => {
    const page = await newPage();
    await page.goto('/faq');
    // A slow network: the island's code arrives two seconds after the dialog opens.
    await page.route('**/_astro/**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Contact Us' }).click();
    const form = page.locator('#advisor-dialog form');
    await form.locator('[name="Name"]').fill('Early Typist');
    await form.locator('[name="email"]').pressSequentially('early@example.com');
    expect(await form.getAttribute('data-ready')).toBeNull();
    await page.locator('#advisor-dialog form[data-ready]').waitFor({ timeout: 30_000 });
    expect(await form.locator('[name="Name"]').inputValue()).toBe('Early Typist');
    expect(await form.locator('[name="email"]').inputValue()).toBe('early@example.com');
  });

  it('/popup is the same form as a page, recorded as popup', async () => {
    const page = await newPage();
    await page.goto('/popup');
    const form = page.locator('main form[data-ready]');
    await form.waitFor();
    const email = unique('popup');
    await form.locator('[name="Name"]').fill('Popup Visitor');
    await form.locator('[name="Number"]').fill('+44 20 7946 0958');
    await form.locator('[name="email"]').fill(email);
    await form.getByRole('button', { name: 'Request a call' }).click();
    await page.locator('main').getByText('We will connect you shortly!').waitFor();
    const [row] = await sql()`select source, phone, programme from contact_requests where email = ${email}`;
    expect(row).toEqual({ source: 'popup', phone: '+442079460958', programme: null });
  });
});

e2eDescribe('/contactus', () => {
  it('sends a message: toast with the server message, a thank-you state, no jump to /login', async () => {
    const page = await newPage();
    await page.goto('/contactus');
    const form = page.locator('main form[data-ready]');
    await wake(page);
    await form.waitFor();
    const email = unique('contact');
    await page.locator('main').getByLabel('Name (optional)').fill('Asha Verma');
    await form.locator('[name="Number"]').fill('098100-42424');
    await form.locator('[name="email"]').fill(email.toUpperCase());
    await form.locator('[name="comments"]').fill('Which course suits a commerce graduate?');
    await form.getByRole('button', { name: 'Submit' }).click();
    await toastWith(page, 'Thank you for contacting us! We will get back to you soon.').waitFor();
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contactus');
    const [row] = await sql()`select source, name, phone, comments from contact_requests where email = ${email}`;
    expect(row).toEqual({
      source: 'contact',
      name: 'Asha Verma',
      phone: '+919810042424',
      comments: 'Which course suits a commerce graduate?',
    });
    expect(await leadsFor(email)).toEqual({ rows: 1, confirmations: 1, notifications: 1 });
  });

  it('checks the fields before sending, and shows "Submission failed" when the server is down', async () => {
    const page = await newPage({ width: 1440, height: 900 });
    await page.goto('/contactus');
    const form = page.locator('main form[data-ready]');
    await wake(page);
    await form.waitFor();
    const requests = countLeadRequests(page);
    await form.locator('[name="email"]').fill('not-an-email');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Enter a valid email address').waitFor();
    expect(await errorOf(form.locator('[name="Number"]'))).toBe('Enter your mobile number');
    expect(await errorOf(form.locator('[name="comments"]'))).toBe('Enter your comments');
    expect(requests.count).toBe(0);

    const email = unique('contact-down');
    await form.locator('[name="Number"]').fill('9810042424');
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="comments"]').fill('Hello');
    await page.route('**/api/v1/user/contactus', (route) => route.abort('connectionrefused'));
    await form.getByRole('button', { name: 'Submit' }).click();
    await toastWith(page, 'Submission failed').waitFor();
    await form.locator('.form-error', { hasText: 'Submission failed' }).waitFor();
    expect(await leadsFor(email)).toEqual({ rows: 0, confirmations: 0, notifications: 0 });

    // A refusal from the server is shown in its own words, under the field it names.
    await page.unroute('**/api/v1/user/contactus');
    await page.route('**/api/v1/user/contactus', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ errors: ['email: This address cannot receive email'] }),
      }),
    );
    await form.getByRole('button', { name: 'Submit' }).click();
    await toastWith(page, 'This address cannot receive email').waitFor();
    expect(await errorOf(form.locator('[name="email"]'))).toBe('This address cannot receive email');
    // In words: never the API's field name.
    expect(await toastWith(page, 'email:').count()).toBe(0);
  });
});

e2eDescribe('/scholarship', () => {
  it('applies: the submitted state shows and the fields are cleared', async () => {
    const page = await newPage();
    await page.goto('/scholarship');
    const form = page.locator('main form[data-ready]');
    await wake(page);
    await form.waitFor();
    const email = unique('scholar');
    await form.getByLabel('Name').fill('Meera Iyer');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('+91 98765 43210');
    await form.getByLabel('Institute').fill('Delhi University');
    await form.getByLabel('Message').fill('I would like to take the scholarship test.');
    await form.getByRole('button', { name: 'Apply for the scholarship' }).click();
    await page.locator('.lead-done', { hasText: 'Thank you! Your scholarship application has been received.' }).waitFor();
    for (const name of ['name', 'email', 'phone', 'institute', 'message'])
      expect(await form.locator(`[name="${name}"]`).inputValue()).toBe('');
    const [row] = await sql()`select name, phone, institute from scholarship_applications where email = ${email}`;
    expect(row).toEqual({ name: 'Meera Iyer', phone: '+919876543210', institute: 'Delhi University' });
    expect(await leadsFor(email)).toEqual({ rows: 1, confirmations: 1, notifications: 1 });
  });

  it('places server errors under the fields they name, a string as a general error, no answer as the fallback', async () => {
    const page = await newPage({ width: 1440, height: 900 });
    await page.goto('/scholarship');
    const form = page.locator('main form[data-ready]');
    await wake(page);
    await form.waitFor();
    const email = unique('scholar-errors');
    await form.getByLabel('Name').fill('Meera Iyer');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('9876543210');
    await form.getByLabel('Institute').fill('Delhi University');
    await form.getByLabel('Message').fill('Please consider me.');

    const answers: { status: number; body: unknown }[] = [
      { status: 400, body: { errors: ['institute: We could not find this institute', 'message: Tell us a little more'] } },
      { status: 400, body: { errors: 'Applications are closed for this intake' } },
    ];
    await page.route('**/api/v1/user/scholarship', (route) => {
      const answer = answers.shift();
      return answer
        ? route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) })
        : route.abort('connectionrefused');
    });
    const apply = form.getByRole('button', { name: 'Apply for the scholarship' });
    await apply.click();
    await form.getByText('We could not find this institute').waitFor();
    expect(await errorOf(form.getByLabel('Institute'))).toBe('We could not find this institute');
    expect(await errorOf(form.getByLabel('Message'))).toBe('Tell us a little more');
    expect(await errorOf(form.getByLabel('Name'))).toBeNull();

    await apply.click();
    await form.locator('.form-error', { hasText: 'Applications are closed for this intake' }).waitFor();

    await apply.click();
    await form.locator('.form-error', { hasText: 'Something went wrong. Please try again.' }).waitFor();
    // what was typed is kept for another try
    expect(await form.getByLabel('Institute').inputValue()).toBe('Delhi University');
    expect(await leadsFor(email)).toEqual({ rows: 0, confirmations: 0, notifications: 0 });
  });
});

e2eDescribe('/tank pitch form', () => {
  async function fillRequired(form: Locator, email: string) {
    const values: Record<string, string> = {
      Name: 'Kabir Shah',
      Number: '9810042424',
      email,
      location: 'Bengaluru',
      startupName: 'LearnLoop',
      problem: 'Learners drop out of long courses.',
      audience: 'Job seekers in tier-2 cities.',
      uvp: 'Bite-size practice with placement partners.',
      usage: 'Sales mentoring and a seed round.',
      team: 'Two founders, one engineer.',
      vision: 'Every learner job-ready in 90 days.',
      pitchDeckLink: 'https://docs.example.com/deck',
      comments: 'Looking for mentors.',
      startupIdea: 'Adaptive practice for vocational learners',
    };
    for (const [name, value] of Object.entries(values)) await form.locator(`[name="${name}"]`).fill(value);
    await form.locator('[name="stage"]').selectOption('Launched with early users');
  }

  it('pitches: industries, other industry, live word count, then /thank-you confirms it', async () => {
    const page = await newPage();
    await page.goto('/tank#pitch-form');
    const form = page.locator('main form[data-ready]');
    await wake(page);
    await form.waitFor();
    expect(await form.locator('[name="stage"] option').allTextContents()).toEqual([
      'Select stage',
      'Idea stage',
      'MVP / Prototype ready',
      'Launched with early users',
      'Generating revenue',
      'Scaling stage',
    ]);
    const email = unique('pitch');
    await fillRequired(form, email);
    await form.getByLabel('EdTech').check();
    await form.getByLabel('FinTech').check();
    await form.getByLabel('Other', { exact: true }).check();
    await form.locator('[name="otherIndustry"]').fill('Skilling');
    await form.locator('[name="website"]').fill('learnloop.io');
    const idea = form.locator('[name="startupIdea"]');
    await idea.fill('Adaptive practice for vocational learners');
    await form.getByText('max 300 words · 5 words').waitFor();
    await idea.fill(Array.from({ length: 301 }, () => 'word').join(' '));
    await form.locator('.lead-over', { hasText: '301 words' }).waitFor();
    await idea.fill('Adaptive practice for vocational learners');
    await form.getByRole('button', { name: 'Submit pitch' }).click();
    await page.waitForURL('**/thank-you');
    await page.getByRole('heading', { name: 'Thank you! Your pitch has been received.' }).waitFor();
    const [row] =
      await sql()`select name, stage, industries, other_industry, website, startup_idea from startup_pitches where email = ${email}`;
    expect(row).toEqual({
      name: 'Kabir Shah',
      stage: 'Launched with early users',
      industries: ['EdTech', 'FinTech'],
      other_industry: 'Skilling',
      website: 'https://learnloop.io',
      startup_idea: 'Adaptive practice for vocational learners',
    });
    expect(await leadsFor(email)).toEqual({ rows: 1, confirmations: 1, notifications: 1 });
  });

  it('checks links before sending and shows "Submission failed" when the server is down', async () => {
    const page = await newPage({ width: 1440, height: 900 });
    await page.goto('/tank#pitch-form');
    const form = page.locator('main form[data-ready]');
    await wake(page);
    await form.waitFor();
    const requests = countLeadRequests(page);
    const email = unique('pitch-down');
    await fillRequired(form, email);
    await form.locator('[name="pitchDeckLink"]').fill('not a url');
    await form.locator('[name="linkedin"]').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Submit pitch' }).click();
    await expect.poll(() => errorOf(form.locator('[name="pitchDeckLink"]'))).toBe('Enter a valid web address, like https://example.com');
    expect(await errorOf(form.locator('[name="linkedin"]'))).toBe('Enter a valid web address, like https://example.com');
    expect(requests.count).toBe(0);

    await form.locator('[name="pitchDeckLink"]').fill('https://docs.example.com/deck');
    await form.locator('[name="linkedin"]').fill('');
    await page.route('**/api/v1/user/tank', (route) => route.abort('connectionrefused'));
    await form.getByRole('button', { name: 'Submit pitch' }).click();
    await toastWith(page, 'Submission failed').waitFor();
    expect(new URL(page.url()).pathname).toBe('/tank');
    expect(await leadsFor(email)).toEqual({ rows: 0, confirmations: 0, notifications: 0 });
  });
});
