/**
 * In Chromium, on the live pages: each input of the shared fixture (tests/fixtures/forms.ts) typed
 * into /login, /signup and /information's details and submitted. The form refuses it (messages
 * under its fields, nothing sent) exactly when the API refuses the same input (400), with the same
 * message per field; what the form lets through reaches the API (answered here with a stand-in, so
 * nothing is created). The same fixture, without a browser: tests/unit/form-checks.test.ts.
 */
import { expect, it } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import { LOGIN_INPUTS, REGISTRATION_INPUTS, SIGNUP_INPUTS } from '../fixtures/forms.ts';
import {
  baseUrl,
  e2eDescribe,
  newPage,
  newVisitorAddress,
  registrationAlive,
  signupVerified,
  sql,
  verifyRegistrationEmail,
} from './harness.ts';
import { wake } from './islands.ts';

type Verdict = { refused: boolean; errors: Record<string, string> };

/** The API's own answer to this body: refused (400) with one message per field, or not. */
async function server(path: string, body: unknown): Promise<Verdict> {
  // Each input as a visitor of its own: the per-address limits must not decide the verdict.
  await newVisitorAddress();
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 200) + 1}` },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path} answered ${res.status}`).not.toBe(429);
  if (res.status !== 400) return { refused: false, errors: {} };
  const { errors } = (await res.json()) as { errors: string[] | string };
  const out: Record<string, string> = {};
  for (const message of Array.isArray(errors) ? errors : [errors]) {
    const match = message.match(/^([A-Za-z][\w.]*): (.+)$/);
    if (match && !(match[1]! in out)) out[match[1]!] = match[2]!;
  }
  return { refused: true, errors: out };
}

/** Submits the form; the verdict is what it shows under its fields, or that it sent the request. */
async function submit(page: Page, form: Locator, button: Locator, apiPath: string, fields: string[]): Promise<Verdict> {
  let sent = false;
  const stand = async (route: Route) => {
    sent = true;
    await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ errors: 'stand-in' }) });
  };
  await page.route(`**/api/v1${apiPath}`, stand);
  await button.click();
  const shown = form.locator('.field-error');
  for (let i = 0; i < 100 && !sent && !(await shown.count()); i++) await page.waitForTimeout(100);
  await page.waitForTimeout(150);
  await page.unroute(`**/api/v1${apiPath}`, stand);
  const errors: Record<string, string> = {};
  for (const name of fields) {
    const error = form
      .locator('.field')
      .filter({ has: page.locator(`[name="${name}"]`) })
      .locator('.field-error');
    if (await error.count()) errors[name] = (await error.first().textContent())!.trim();
  }
  expect(sent && Object.keys(errors).length > 0, 'a form that sent must show no field error').toBe(false);
  expect(sent || Object.keys(errors).length > 0, 'the form either sent or said why not').toBe(true);
  return { refused: !sent, errors };
}

/**
 * Types the values; false when a value is longer than its field takes (maxlength): the browser
 * refuses it by not holding it, and the API must refuse it too.
 */
function realDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

async function fill(form: Locator, values: Record<string, string>): Promise<boolean> {
  for (const [name, value] of Object.entries(values)) {
    const field = form.locator(`[name="${name}"]`);
    const max = Number((await field.getAttribute('maxlength')) ?? Infinity);
    if (value.length > max) return false;
    // A date field holds only a real date: the browser refuses anything else by not taking it.
    if ((await field.getAttribute('type')) === 'date' && value && !realDate(value)) return false;
    await field.fill(value);
  }
  return true;
}

e2eDescribe('the forms refuse in the browser exactly what the API refuses', () => {
  it('/login', { timeout: 180_000 }, async () => {
    const page = await newPage();
    for (const [name, input] of Object.entries(LOGIN_INPUTS)) {
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      const form = page.locator('main form');
      if (!(await fill(form, input))) {
        expect((await server('/user/login', input)).refused, name).toBe(true);
        continue;
      }
      await page.locator('main form[data-ready]').waitFor({ timeout: 30_000 });
      const mine = await submit(page, form, form.getByRole('button', { name: 'Log in' }), '/user/login', ['email', 'password']);
      expect(mine, name).toEqual(await server('/user/login', input));
    }
  });

  it('/signup (the common-password dictionary loaded, as it is once a password is typed)', { timeout: 180_000 }, async () => {
    const page = await newPage();
    for (const [name, input] of Object.entries(SIGNUP_INPUTS)) {
      await page.goto('/signup', { waitUntil: 'domcontentloaded' });
      const form = page.locator('main form');
      if (!(await fill(form, input))) {
        expect((await server('/user/signup', input)).refused, name).toBe(true);
        continue;
      }
      await page.locator('main form[data-ready]').waitFor({ timeout: 30_000 });
      // The strength meter has judged the password: the dictionary is in (for a long enough one).
      if (input.password.length >= 8) await form.locator('.pw-strength[data-score]').waitFor({ timeout: 30_000 });
      const fields = ['firstName', 'lastName', 'email', 'password'];
      const mine = await submit(page, form, form.getByRole('button', { name: 'Create account' }), '/user/signup', fields);
      // A unique address per try keeps the API's verdict about the input, not about a taken email.
      const theirs = await server(
        '/user/signup',
        input.email === SIGNUP_INPUTS.good!.email ? { ...input, email: `form.${Date.now()}${name.length}@example.com` } : input,
      );
      expect(mine, name).toEqual(theirs);
    }
  });

  it('/information, the details (with a verified email)', { timeout: 240_000 }, async () => {
    const page = await newPage();
    const email = REGISTRATION_INPUTS.good!.email;
    // The flow as the page keeps it once the email is verified (src/islands/registrations/storage.ts).
    await page.addInitScript((mail) => {
      sessionStorage.setItem(
        'aspira.registration',
        JSON.stringify({ phase: 'verified', email: mail, verificationToken: 'v'.repeat(40), resendAt: {} }),
      );
      sessionStorage.removeItem('aspira.registration.form');
    }, email);
    const fields = [
      'name',
      'phone',
      'fatherName',
      'qualification',
      'highschool',
      'university',
      'sop',
      'experience',
      'motivation',
      'dateOfBirth',
      'parentName',
      'parentEmail',
      'parentPhone',
    ];
    for (const [name, input] of Object.entries(REGISTRATION_INPUTS)) {
      await page.goto('/information', { waitUntil: 'domcontentloaded' });
      await page.locator('.reg[data-ready]').waitFor({ timeout: 30_000 });
      const form = page.getByRole('form', { name: 'Registration' });
      const { email: _verified, ...details } = input;
      if (!(await fill(form, details))) {
        expect((await server('/user/register-unpaid', { ...input, verificationToken: 'v'.repeat(40) })).refused, name).toBe(true);
        continue;
      }
      const mine = await submit(page, form, form.getByRole('button', { name: 'Register', exact: true }), '/user/register-unpaid', fields);
      const theirs = await server('/user/register-unpaid', { ...input, verificationToken: 'v'.repeat(40) });
      expect(mine, name).toEqual(theirs);
    }
  });
});

/** With E2E_SHOTS=<folder>: the page as it is now at 375 and 1280 px wide, to look at (nothing is compared). */
async function shots(page: Page, name: string): Promise<void> {
  const folder = process.env['E2E_SHOTS'];
  if (!folder) return;
  const size = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** The toasts on screen with this text (react-hot-toast: role=status). */
const toasts = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const yearsAgo = (years: number, days = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};
/** A course of the seeded catalogue (Digital Marketing). */
const SEEDED_COURSE = '6801c2a4f1e2b3c4d5e6fd57';

async function logIn(page: Page, next: string, email: string, password: string): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  const form = page.locator('main form');
  await wake(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === next, { timeout: 30_000 });
}

e2eDescribe('messages a person can act on', () => {
  it("/information: a 12-year-old, a future birth date and the child's own email as the parent's each say so, in one toast", async () => {
    const page = await newPage();
    const email = `refused.${Date.now().toString(36)}@example.com`;
    await page.goto('/information');
    await registrationAlive(page);
    const form = await verifyRegistrationEmail(page, email);
    await form.getByLabel('Full name').fill('Anu Das');
    await form.getByLabel('Phone').fill('+91 98765 43211');
    await form.getByLabel("Father's name").fill('Ravi Das');
    await form.getByLabel('High school %').fill('80');
    await form.getByLabel('Why do you want to join?').fill('To learn.');
    const register = form.getByRole('button', { name: 'Register', exact: true });

    await form.getByLabel('Date of birth').fill(yearsAgo(12));
    await register.click();
    await toasts(page, /You must be at least \d+ to apply/).waitFor();
    await form.getByLabel('Date of birth').fill(yearsAgo(-1));
    await register.click();
    await toasts(page, 'Your date of birth cannot be in the future').waitFor();
    await form.getByLabel('Date of birth').fill(yearsAgo(15));
    await form.locator('[name="parentName"]').fill('Mina Das');
    await form.locator('[name="parentEmail"]').fill(email.replace('@', '+mum@'));
    await form.locator('[name="parentPhone"]').fill('+91 98765 43212');
    await register.click();
    await toasts(page, "The parent's email must be a different mailbox").waitFor();
    await shots(page, 'information-refused');
    expect(await toasts(page, 'Please fill all required fields.').count()).toBe(0);
    // One toast at a time for the form's problem: each replaced the one before.
    expect(await toasts(page, /at least|future|different mailbox/).count()).toBe(1);
    expect(await sql()`select 1 from registrations where email = ${email}`).toEqual([]);
  });

  it("/contactus: a child without the parent's details is told in words under the fields, never the API's keys", async () => {
    const page = await newPage();
    await page.goto('/contactus');
    await wake(page);
    const form = page.locator('main form[data-ready]');
    await form.waitFor({ timeout: 30_000 });
    await form.getByLabel('I am under 18').check();
    await form.locator('[name="Number"]').fill('9810042438');
    await form.locator('[name="email"]').fill('keys.child@example.com');
    await form.locator('[name="comments"]').fill('No parent given.');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText("Enter your parent's or guardian's name").waitFor();
    await toasts(page, "Enter your parent's or guardian's name").waitFor();
    await shots(page, 'contactus-parent');
    expect(await page.getByText(/parent(Name|Email|Phone):/).count()).toBe(0);
  });

  for (const width of [375, 1280]) {
    it(`/buy at ${width} px: a course that does not exist says so in place of the order card and the Pay form`, async () => {
      const page = await newPage({ width, height: 800 });
      const email = `buy.missing.${width}.${Date.now().toString(36)}@example.com`;
      await signupVerified('user', { email, password: 'quiet lantern orchard' });
      await logIn(page, '/buy/6801c2a4f1e2b3c4d5e6ffff', email, 'quiet lantern orchard');
      const missing = page.getByText('Course not found');
      await missing.waitFor({ timeout: 30_000 });
      expect(await page.locator('[data-buy="order"]').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Pay', exact: true }).isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: 'Go to Purchases' }).isVisible()).toBe(true);
      // It stands where the order card was: at the top of the page, not below an empty card.
      expect((await missing.boundingBox())!.y).toBeLessThan(500);
      if (width === 375) await shots(page, 'buy-not-found');
    });
  }

  it("/buy: a child's account waiting for the parent sees why, and no Pay form, and it stays", async () => {
    const page = await newPage();
    const email = `buy.child.${Date.now().toString(36)}@example.com`;
    const res = await fetch(`${baseUrl}/api/v1/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Kid',
        lastName: 'Learner',
        email,
        password: 'quiet lantern orchard',
        under18: true,
        parentName: 'Parent Learner',
        parentEmail: `parent.${email}`,
        parentPhone: '+91 98100 22222',
      }),
    });
    expect(res.status).toBe(201);
    await sql()`update accounts set email_verified_at = now() where role = 'user' and email = ${email}`;
    await logIn(page, `/buy/${SEEDED_COURSE}`, email, 'quiet lantern orchard');
    const form = page.getByRole('form', { name: 'Payment details' });
    await wake(page, 'form.buy-form');
    await form.getByRole('combobox', { name: 'State' }).selectOption('06');
    await form.getByRole('button', { name: 'Pay', exact: true }).click();
    const why = page.getByRole('alert').filter({ hasText: "waiting for your parent's or guardian's consent" });
    await why.waitFor({ timeout: 30_000 });
    await shots(page, 'buy-child');
    await page.waitForTimeout(4500); // longer than a toast lasts
    expect(await why.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Pay', exact: true }).count()).toBe(0);
  });
});
