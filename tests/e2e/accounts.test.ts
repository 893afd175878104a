/**
 * Accounts in the browser: signup -> confirm the email from its link -> buy; forgot -> reset ->
 * an older session is rejected -> the new password works; admins confirm before logging in.
 * Links are read from the outbox (the local site delivers mail to its console). axe-core: no
 * violation on any of the new screens.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { e2eDescribe, emailedLink, newPage, settled as settledPage, signupVerified, sql } from './harness.ts';

const DA = '6801c2a4f1e2b3c4d5e6fd75'; // Data Analytics, ₹2,99,000
const stamp = Date.now();
const ready = { waitUntil: 'domcontentloaded' } as const;
/** Settled: hydrated, and no "Loading" or "Checking..." left. */
const settled = (page: Page) => settledPage(page, /Loading|Checking\.\.\./);

/** Every toast text the page shows, kept (toasts vanish after 2 to 4 seconds). */
async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="status"][aria-live], [role="alert"]')) {
        const text = el.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

async function sawToast(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => (window as unknown as { __toasts?: string[] }).__toasts?.some((s) => s.includes(t)), text, {
    timeout: 30_000,
    polling: 100,
  });
}

async function shopPage(size = { width: 390, height: 844 }) {
  const page = await newPage(size);
  // Room for a busy machine: every step waits on a real build, server and database.
  page.setDefaultTimeout(60_000);
  page.setDefaultNavigationTimeout(60_000);
  return page;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login', ready);
  await settled(page);
  // The form comes alive on the visitor's first intent; this journey types once it is alive.
  await page.locator('main form').first().hover();
  await page.locator('main form[data-ready]').first().waitFor();
  await page.locator('main').getByLabel('Email').fill(email);
  await page
    .locator('main')
    .getByLabel(/^Password/)
    .fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

e2eDescribe('accounts in the browser', () => {
  const problems: string[] = [];
  const audit = async (page: Page, label: string) => {
    await settled(page);
    problems.push(...(await axeViolations(page, label)));
  };

  it('signup -> "confirm your email" (resend) -> the emailed link -> buy through the sandbox', { timeout: 240_000 }, async () => {
    const email = `verify.${stamp}@example.com`;
    const password = 'learn2grow!';
    const page = await shopPage();
    await recordToasts(page);
    await page.goto('/signup', ready);
    await settled(page);
    await page.locator('main').getByLabel('First name').fill('Nisha');
    await page.locator('main').getByLabel('Last name').fill('Pillai');
    await page.locator('main').getByLabel('Email').fill(email);
    await page
      .locator('main')
      .getByLabel(/^Password/)
      .fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/login\?/, ready);
    await settled(page);
    await sawToast(page, 'Check your email: we sent a link to confirm your address.');

    // Logged in but unconfirmed: the buy page shows only "confirm your email", with Resend.
    await logIn(page, email, password);
    await page.waitForURL(/\/courses$/, ready);
    await page.goto(`/buy/${DA}`, ready);
    await page.waitForURL(/\/verify-email\?next=%2Fbuy%2F/, ready);
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(await page.locator('main').textContent()).toContain(email);
    await audit(page, 'confirm your email (phone)');
    await page.getByRole('button', { name: 'Resend the link' }).click();
    await sawToast(page, 'We sent a new confirmation link');
    await page.getByRole('button', { name: 'I have confirmed it' }).click();
    await sawToast(page, 'not confirmed yet');
    expect(await sql()`select 1 from course_orders o join accounts a on a.id = o.account_id where a.email = ${email}`).toHaveLength(0);

    const link = await emailedLink(email, 'verify-email');
    await page.goto(link, ready);
    await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
    await audit(page, '/verify-email?token (phone)');
    const [row] = await sql()`select email_verified_at is not null as verified from accounts where email = ${email}`;
    expect(row).toEqual({ verified: true });
    // The link works once: opened again it says so.
    await page.goto(link, ready);
    await page.getByText('Your email address is already confirmed.').waitFor();

    await page.goto(`/buy/${DA}`, ready);
    const payButton = page.getByRole('button', { name: 'Pay', exact: true });
    await payButton.waitFor();
    await page.getByLabel(/^State/).selectOption({ label: 'Karnataka' });
    await payButton.click();
    const dialog = page.locator('dialog.checkout-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/purchases$/, ready);
    await page.getByRole('heading', { name: 'Data Analytics' }).waitFor();
    const paid = await sql()`select o.status from course_orders o join accounts a on a.id = o.account_id where a.email = ${email}`;
    expect(paid).toEqual([{ status: 'paid' }]);
  });

  it(
    'forgot -> reset (strength shown, rules enforced) -> the older session is rejected -> the new password works',
    { timeout: 240_000 },
    async () => {
      const email = `reset.${stamp}@example.com`;
      const oldPassword = 'learn2grow!';
      const newPassword = 'violet river lantern';
      await signupVerified('user', { email, password: oldPassword, firstName: 'Rohan', lastName: 'Shah' });

      // An older session, in another browser.
      const older = await shopPage({ width: 1280, height: 800 });
      await logIn(older, email, oldPassword);
      await older.waitForURL(/\/courses$/, ready);
      const meStatus = () => older.evaluate(() => fetch('/api/v1/user/me').then((r) => r.status));
      expect(await meStatus()).toBe(200);

      const page = await shopPage({ width: 1280, height: 800 });
      await page.goto('/login', ready);
      await settled(page);
      await page.locator('main').getByLabel('Email').fill(email);
      // The link carries the typed address once the form is alive (typing in it brought it to life).
      await page.locator('main form[data-ready]').waitFor();
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL(/\/forgot-password\?email=/, ready);
      await settled(page);
      // The address in the link brings the form to life by itself, after the first paint.
      await page.locator('main form[data-ready]').waitFor();
      expect(await page.locator('main').getByLabel('Email').inputValue()).toBe(email);
      await audit(page, '/forgot-password (desktop)');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      expect(await page.locator('main').textContent()).toContain('If an account uses that email address');
      await audit(page, '/forgot-password sent (desktop)');

      await page.goto(await emailedLink(email, 'reset-password'), ready);
      await settled(page);
      await audit(page, '/reset-password (desktop)');
      const box = page.locator('main').getByLabel(/^New password/);
      await box.fill('password1');
      await page.getByText(/Too weak: This is a commonly used password/).waitFor();
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.locator('main .field-error').first().waitFor();
      await box.fill('rohan plays chess');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('Password must not contain your name').first().waitFor();
      await box.fill(newPassword);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.waitForURL(/\/login$/, ready);
      await page.getByText('Your password was changed and every device was logged out.').waitFor();

      // The other browser's session ended: its next visit asks it to log in.
      expect(await meStatus()).toBe(401);
      await older.goto('/purchases', ready);
      await older.waitForURL(/\/login\?next=%2Fpurchases$/, ready);

      await logIn(page, email, oldPassword);
      await page.getByText('Invalid email or password').waitFor();
      await logIn(page, email, newPassword);
      await page.waitForURL(/\/courses$/, ready);
      expect(await sql()`select tag from email_outbox where to_address = ${email} and tag = 'password-changed'`).toHaveLength(1);

      // The used link: the form says so and offers a new one.
      const used = await emailedLink(email, 'reset-password');
      await page.goto(used, ready);
      await settled(page);
      await page
        .locator('main')
        .getByLabel(/^New password/)
        .fill('another long passphrase');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('This password reset link has expired or was already used.').waitFor();
      await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    },
  );

  it('an admin confirms the email before the first login; the admin recovery screens', { timeout: 240_000 }, async () => {
    const email = `admin.verify.${stamp}@aspira.example`;
    const password = 'harbour lamp seven';
    const page = await shopPage({ width: 1280, height: 800 });
    await page.goto('/admin/signup');
    const signup = page.getByRole('form', { name: 'Admin signup' });
    await signup.getByLabel('Last name').fill('Verified');
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel(/^Password/).fill(password);
    await signup.getByLabel('Invite code').fill('e2e-invite-code');
    await signup.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/admin/login');

    const login = page.getByRole('form', { name: 'Admin login' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.getByText(/Please confirm your email address first/).waitFor();
    expect(page.url()).toMatch(/\/admin\/login$/);

    await page.goto(await emailedLink(email, 'verify-email'));
    await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
    problems.push(...(await axeViolations(page, '/admin/verify-email')));
    await page.getByRole('link', { name: 'Log in to the admin' }).click();
    await page.waitForURL('**/admin/login');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin/dashboard');

    const guest = await shopPage({ width: 390, height: 844 });
    await guest.goto('/admin/login');
    await guest.getByRole('link', { name: 'Forgot password?' }).click();
    await guest.waitForURL('**/admin/forgot-password');
    const forgot = guest.getByRole('form', { name: 'Forgot password' });
    await forgot.getByLabel('Email').fill(email);
    problems.push(...(await axeViolations(guest, '/admin/forgot-password (phone)')));
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await guest.getByRole('heading', { name: 'Check your email' }).waitFor();
    const link = await emailedLink(email, 'reset-password');
    expect(link).toMatch(/\/admin\/reset-password\?token=/);
    await guest.goto(link);
    const reset = guest.getByRole('form', { name: 'Choose a new password' });
    await reset.getByLabel(/^New password/).fill('quiet meadow anchor');
    problems.push(...(await axeViolations(guest, '/admin/reset-password (phone)')));
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await guest.waitForURL('**/admin/login');
    // The admin's older session ended.
    await page.goto('/admin/leads');
    await page.waitForURL(/\/admin\/login/);
    expect(problems).toEqual([]);
  });
});
