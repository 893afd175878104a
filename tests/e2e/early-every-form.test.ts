/**
 * Every lead, account and registration form, used before its script has arrived (the scripts are
 * held back, a slow connection made exact): every field typed into, "I am under 18" ticked first,
 * choices made, the submit pressed. Once the form is alive it still holds all of it (a child's
 * form shows the parent's fields), and what reaches the API holds everything, once; nothing typed
 * ever goes into an address (a form never falls back to a GET).
 */
import { beforeEach, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { e2eDescribe, newPage, sql } from './harness.ts';
import { holdScripts, urlsWith, watchRequests } from './islands.ts';

const unique = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const PARENT = { parentName: 'Sunita Rao', parentEmail: 'sunita.rao@example.net', parentPhone: '+91 98100 11111' };

// One browser for the file (the harness's); each form on a page of its own, as a new visitor.
let page: Page;
beforeEach(async () => {
  page = await newPage();
});

async function fill(form: Locator, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await form.locator(`[name="${name}"]`).fill(value);
}

/** What the API receives for typed text: a 10-digit mobile number with India's code, as the lead schemas keep it. */
const sentAs = (text: Record<string, string>) =>
  Object.fromEntries(Object.entries(text).map(([name, value]) => [name, /^(Number|phone)$/.test(name) ? `+91${value}` : value]));

async function expectValues(form: Locator, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) expect(await form.locator(`[name="${name}"]`).inputValue(), name).toBe(value);
}

/** A child's form once alive: the parent's fields are shown (the early submit was refused for them), then filled. */
async function addParent(form: Locator): Promise<void> {
  const guardian = form.locator('[data-guardian]');
  await guardian.waitFor({ timeout: 10_000 });
  expect(await form.getByLabel('I am under 18').isChecked()).toBe(true);
  await fill(guardian, PARENT);
}

type LeadCase = {
  path: string;
  api: string;
  table: string;
  text: (email: string) => Record<string, string>;
  submit: string;
  choose?: (form: Locator) => Promise<void>;
  done: (page: Page) => Promise<unknown>;
};

const LEADS: Record<string, LeadCase> = {
  '/contactus': {
    path: '/contactus',
    api: '/user/contactus',
    table: 'contact_requests',
    text: (email) => ({ Name: 'Early Child', Number: '9810042431', email, comments: 'Typed before the page was alive.' }),
    submit: 'Submit',
    done: (page) => page.getByText('Thank you!').waitFor({ timeout: 30_000 }),
  },
  '/scholarship': {
    path: '/scholarship',
    api: '/user/scholarship',
    table: 'scholarship_applications',
    text: (email) => ({ name: 'Early Scholar', email, phone: '9810042432', institute: 'City School', message: 'I typed this early.' }),
    submit: 'Apply for the scholarship',
    done: (page) => page.getByText('Application received').waitFor({ timeout: 30_000 }),
  },
  '/tank': {
    path: '/tank#pitch-form',
    api: '/user/tank',
    table: 'startup_pitches',
    text: (email) => ({
      Name: 'Early Founder',
      Number: '9810042433',
      email,
      location: 'Pune',
      startupName: 'EarlyCo',
      startupIdea: 'Lunch boxes for schools',
      problem: 'Children skip lunch.',
      audience: 'Schools.',
      uvp: 'Warm food.',
      usage: 'Sales mentoring.',
      team: 'Two founders.',
      vision: 'Every child fed.',
      pitchDeckLink: 'https://docs.example.com/earlyco',
      comments: 'All typed before the form was alive.',
    }),
    choose: async (form) => {
      await form.getByLabel('EdTech').check();
      await form.locator('[name="stage"]').selectOption('Idea stage');
    },
    submit: 'Submit pitch',
    done: (page) => page.waitForURL('**/thank-you', { timeout: 30_000 }),
  },
};

e2eDescribe('every form, used before its script has arrived', () => {
  for (const lead of Object.values(LEADS)) {
    it(`${lead.path}: "I am under 18" ticked first, every field typed and the submit pressed early: the parent's fields appear, one request holds it all`, async () => {
      const release = await holdScripts(page);
      const seen = watchRequests(page, lead.api);
      await page.goto(lead.path, { waitUntil: 'domcontentloaded' });
      const form = page.locator('main form').first();
      const email = unique('early.child');
      const text = lead.text(email);
      await form.getByLabel('I am under 18').check();
      await fill(form, text);
      await lead.choose?.(form);
      await form.getByRole('button', { name: lead.submit, exact: true }).click();
      expect(seen.bodies).toEqual([]);

      release();
      await page.locator('main form[data-ready]').first().waitFor({ timeout: 30_000 });
      await addParent(form);
      await expectValues(form, text);
      // The early press was answered on the page (the parent's details first); nothing was sent.
      expect(seen.bodies).toEqual([]);
      await form.getByRole('button', { name: lead.submit, exact: true }).click();
      await lead.done(page);
      expect(seen.bodies).toHaveLength(1);
      expect(seen.bodies[0]).toMatchObject({ ...sentAs(text), under18: true, ...PARENT });
      expect(await sql()`select 1 from ${sql()(lead.table)} where email = ${email}`).toHaveLength(1);
      expect(urlsWith(seen.urls, [email, PARENT.parentName])).toEqual([]);
      seen.stop();
    });
  }

  it('/popup: a programme chosen, WhatsApp ticked, every field typed and Request a call pressed early: sent once, nothing in an address', async () => {
    const release = await holdScripts(page);
    const seen = watchRequests(page, '/user/contactus');
    await page.goto('/popup', { waitUntil: 'domcontentloaded' });
    const form = page.locator('main form');
    const email = unique('early.popup');
    const text = { Name: 'Early Caller', Number: '9810042434', email };
    await fill(form, text);
    await form.locator('[name="programme"]').selectOption('Business Intelligence');
    await form.locator('[name="whatsapp"]').check();
    await form.getByRole('button', { name: 'Request a call' }).click();

    release();
    await page.getByText('We will connect you shortly!').waitFor({ timeout: 30_000 });
    expect(seen.bodies).toHaveLength(1);
    expect(seen.bodies[0]).toMatchObject({ ...sentAs(text), programme: 'Business Intelligence', whatsapp: true, source: 'popup' });
    expect(await sql()`select source from contact_requests where email = ${email}`).toEqual([{ source: 'popup' }]);
    expect(urlsWith(seen.urls, [email, text.Name])).toEqual([]);
    seen.stop();
  });

  it('Contact Us dialog: "I am under 18" ticked first, every field typed and Request a call pressed before its script: the parent\'s fields appear, one request', async () => {
    await page.goto('/about', { waitUntil: 'load' });
    // The page's own scripts (the Contact Us bar) are alive; the form's code loads on the dialog's first open.
    await page.locator('main').hover();
    await page.waitForFunction(() => document.documentElement.dataset.scripts === 'ready');
    const release = await holdScripts(page);
    const seen = watchRequests(page, '/user/contactus');
    await page.getByRole('button', { name: 'Contact Us' }).click();
    const form = page.locator('#advisor-dialog form');
    const email = unique('early.advisor');
    const text = { Name: 'Early Dialog', Number: '9810042435', email };
    await form.getByLabel('I am under 18').check();
    await fill(form, text);
    await form.locator('[name="programme"]').selectOption('Business Intelligence');
    await form.getByRole('button', { name: 'Request a call' }).click();
    expect(new URL(page.url()).search).toBe('');

    release();
    await page.locator('#advisor-dialog form[data-ready]').waitFor({ timeout: 30_000 });
    await addParent(form);
    await expectValues(form, text);
    expect(seen.bodies).toEqual([]);
    await form.getByRole('button', { name: 'Request a call' }).click();
    // A child's request: the parent is asked first (docs/product.md, Children).
    await page.locator('#advisor-dialog').getByText('We have emailed your parent or guardian').waitFor({ timeout: 30_000 });
    expect(seen.bodies).toHaveLength(1);
    expect(seen.bodies[0]).toMatchObject({
      ...sentAs(text),
      programme: 'Business Intelligence',
      under18: true,
      ...PARENT,
      source: 'advisor',
    });
    expect(await sql()`select source from contact_requests where email = ${email}`).toEqual([{ source: 'advisor' }]);
    expect(urlsWith(seen.urls, [email, text.Name])).toEqual([]);
    seen.stop();
  });

  it('/signup: "I am under 18" ticked first, every field typed, Show password ticked, Create account pressed early: one account with the parent', async () => {
    const release = await holdScripts(page);
    const seen = watchRequests(page, '/user/signup');
    await page.goto('/signup', { waitUntil: 'domcontentloaded' });
    const form = page.locator('main form');
    const email = unique('early.signup.child');
    const text = { firstName: 'Meera', lastName: 'Iyer', email, password: 'quiet lantern orchard' };
    await form.getByLabel('I am under 18').check();
    await fill(form, text);
    await form.getByLabel('Show password').check();
    await form.getByRole('button', { name: 'Create account' }).click();

    release();
    await page.locator('main form[data-ready]').waitFor({ timeout: 30_000 });
    await addParent(form);
    await expectValues(form, text);
    expect(await form.getByLabel('Show password').isChecked()).toBe(true);
    expect(seen.bodies).toEqual([]);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/login\?email=/, { timeout: 30_000 });
    expect(seen.bodies).toEqual([{ ...text, under18: true, ...PARENT, noticeLanguage: 'en' }]);
    expect(urlsWith(seen.urls, [text.password, PARENT.parentName])).toEqual([]);
    seen.stop();
  });

  it('/login: what was typed, Show password ticked and the early Log in arrive once, nothing in an address', async () => {
    const release = await holdScripts(page);
    const seen = watchRequests(page, '/user/login');
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const form = page.locator('main form');
    const login = { email: 'early.login@example.com', password: 'typed before the script' };
    await fill(form, login);
    await form.getByLabel('Show password').check();
    await form.getByRole('button', { name: 'Log in' }).click();
    release();
    await form.getByText('Invalid email or password').waitFor({ timeout: 30_000 });
    expect(seen.bodies).toEqual([login]);
    expect(await form.getByLabel('Show password').isChecked()).toBe(true);
    expect(urlsWith(seen.urls, [login.password])).toEqual([]);
    seen.stop();
  });

  it('/forgot-password: the email typed and Send reset link pressed early: asked once, nothing in an address', async () => {
    const release = await holdScripts(page);
    const seen = watchRequests(page, '/user/forgot-password');
    await page.goto('/forgot-password', { waitUntil: 'domcontentloaded' });
    const form = page.locator('main form');
    await fill(form, { email: 'early.forgot@example.com' });
    await form.getByRole('button', { name: 'Send reset link' }).click();
    release();
    await page.getByText('Check your email').waitFor({ timeout: 30_000 });
    expect(seen.bodies).toEqual([{ email: 'early.forgot@example.com' }]);
    expect(urlsWith(seen.urls, ['early.forgot@example.com'])).toEqual([]);
    seen.stop();
  });

  it('/information: the details typed, WhatsApp ticked and Send OTP pressed early: the code is sent once, everything kept', async () => {
    const release = await holdScripts(page);
    const seen = watchRequests(page, '/otp/send');
    await page.goto('/information', { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('form', { name: 'Registration' });
    const email = unique('early.details');
    const text = {
      email,
      name: 'Asha Verma',
      phone: '+91 98765 43210',
      dateOfBirth: '2001-04-05',
      fatherName: 'Ravi Verma',
      highschool: '86.5',
      motivation: 'Typed while the page was still arriving.',
    };
    await fill(form, text);
    await form.locator('[name="whatsapp"]').check();
    await form.getByRole('button', { name: 'Send OTP' }).click();

    release();
    await page.locator('.reg[data-ready]').waitFor({ timeout: 30_000 });
    await form.getByRole('button', { name: /Resend OTP in \d+s/ }).waitFor({ timeout: 30_000 });
    expect(seen.bodies).toEqual([{ email }]);
    await expectValues(form, text);
    expect(await form.locator('[name="whatsapp"]').isChecked()).toBe(true);
    expect(urlsWith(seen.urls, [email, text.name])).toEqual([]);
    seen.stop();
  });

  it('JavaScript off: the contact form and the advisor form post (never a GET), the lead is stored once and a page says so', async () => {
    const offline = await newPage({ javaScript: false });
    const seen = watchRequests(offline, '/user/contactus');
    await offline.goto('/contactus');
    let form = offline.locator('main form');
    const email = unique('no.script');
    await fill(form, { Name: 'No Script', Number: '9810042436', email, comments: 'Sent without JavaScript.' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await offline.getByRole('heading', { name: 'Thank you!' }).waitFor();
    expect(await sql()`select source from contact_requests where email = ${email}`).toEqual([{ source: 'contact' }]);

    await offline.goto('/popup');
    form = offline.locator('main form');
    const popupEmail = unique('no.script.popup');
    await fill(form, { Name: 'No Script Popup', Number: '9810042437', email: popupEmail });
    await form.getByRole('button', { name: 'Request a call' }).click();
    await offline.getByText('We will connect you shortly!').waitFor();
    expect(await sql()`select source from contact_requests where email = ${popupEmail}`).toEqual([{ source: 'popup' }]);
    expect(urlsWith(seen.urls, [email, popupEmail, 'No Script'])).toEqual([]);
    seen.stop();
  });
});
