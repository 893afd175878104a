/**
 * "My applications" and privacy rights in the browser: register with OTP, pay the fee in the
 * sandbox, create an account with that email and confirm it, see the application and payment on
 * /applications, download my data, delete the account; an owner admin exports and erases a
 * requester by email at /admin/privacy. axe on every new screen.
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import {
  adminLogIn,
  baseUrl,
  e2eDescribe,
  emailedLink,
  emailedOtp,
  newPage,
  signupVerified,
  sql,
  registrationAlive,
  islandsSettled,
} from './harness.ts';
import { build } from '../support/factories.ts';

const PASSWORD = 'violet-harbour-lantern-42';
const ready = { waitUntil: 'domcontentloaded' } as const;
let counter = 0;
const newEmail = (label: string) => `${label}.${Date.now()}.${++counter}@example.com`;

async function hydrated(page: Page): Promise<void> {
  await islandsSettled(page);
}

/** /information: OTP, details, the hybrid fee paid in the sandbox checkout; answers the payment id shown on /success. */
async function registerAndPay(page: Page, email: string): Promise<string> {
  await page.goto('/information');
  await registrationAlive(page);
  const form = page.getByRole('form', { name: 'Registration' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send OTP' }).click();
  await form.getByLabel('OTP').fill(await emailedOtp(email));
  await form.getByRole('button', { name: 'Verify OTP' }).click();
  await form.getByText('Email verified').waitFor();
  // The privacy notice sits with the details, linking to the policy.
  expect(await form.locator('.consent-notice a[href="/privacy"]').count()).toBe(1);
  await form.getByLabel('Full name').fill('Asha Verma');
  await form.getByLabel('Phone').fill('+91 98765 43210');
  await form.getByLabel("Father's name").fill('Ravi Verma');
  await form.getByLabel('Date of birth').fill('1998-05-14');
  await form.getByLabel('High school %').fill('86.5');
  await form.getByLabel('Why do you want to join?').fill('To build a career in digital marketing.');
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  await form.getByRole('button', { name: 'Registered' }).waitFor();
  await form.getByRole('combobox', { name: /^State/ }).selectOption({ label: 'Haryana' });
  await form.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: /Hybrid programme/ }).click();
  const checkout = page.getByRole('dialog', { name: 'Aspira Registration' });
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/success\?/);
  await page.locator('[data-row="paymentId"][data-filled]').waitFor();
  const paymentId = (await page.locator('[data-field="paymentId"]').textContent())?.trim() ?? '';
  expect(paymentId).toMatch(/^pay_/);
  expect(await page.getByRole('link', { name: /See your application/ }).getAttribute('href')).toBe('/applications');
  return paymentId;
}

/** An account for `email` (signup as the form sends it), confirmed through the link its email carries (read from the outbox). */
async function accountConfirmedByEmail(page: Page, email: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/v1/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Asha', lastName: 'Verma', email, password: PASSWORD }),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
  const link = new URL(await emailedLink(email, 'verify-email'));
  await page.goto(`${link.pathname}${link.search}`, ready);
  for (let i = 0; i < 50; i++) {
    const [row] = await sql()<{ verified: boolean }[]>`
      select email_verified_at is not null as verified from accounts where role = 'user' and email = ${email}`;
    if (row?.verified) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the verification link did not confirm the email');
}

async function logIn(page: Page, email: string, next: string): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`, ready);
  await hydrated(page);
  await page.locator('main').getByLabel('Email').fill(email);
  await page
    .locator('main')
    .getByLabel(/^Password/)
    .fill(PASSWORD);
  await page.locator('main').getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === next, ready);
  await hydrated(page);
}

e2eDescribe('My applications and privacy rights in the browser', () => {
  it(
    'register and pay -> account with that email, confirmed -> the application on /applications -> download my data -> delete the account',
    { timeout: 240_000 },
    async () => {
      const page = await newPage({ width: 390, height: 844 });
      const problems: string[] = [];
      const email = newEmail('applicant');
      const paymentId = await registerAndPay(page, email);
      await accountConfirmedByEmail(page, email);
      await logIn(page, email, '/applications');

      // The application, its payment and what happens next.
      const card = page.locator('.app-card').first();
      await card.getByRole('heading', { name: 'Hybrid programme' }).waitFor();
      const text = (await card.textContent()) ?? '';
      expect(text).toContain('Fee paid');
      expect(text).toContain('₹8,500');
      expect(text).toContain(paymentId);
      expect(text).toMatch(/call you within 48 hours/);
      const receipt = card.getByRole('link', { name: /Download receipt/ });
      expect(await receipt.getAttribute('href')).toMatch(/^\/api\/v1\/invoices\/\d+\/pdf\?key=/);
      expect(
        await page
          .getByRole('navigation', { name: 'Your account' })
          .getByRole('link', { name: 'Applications' })
          .getAttribute('aria-current'),
      ).toBe('page');
      problems.push(...(await axeViolations(page, '/applications phone')));
      await page.setViewportSize({ width: 1280, height: 800 });
      problems.push(...(await axeViolations(page, '/applications desktop')));

      // Download my data: one JSON file with every kind of data.
      await page.goto('/settings', ready);
      await hydrated(page);
      await page.getByRole('heading', { name: 'Download my data' }).waitFor();
      problems.push(...(await axeViolations(page, '/settings desktop')));
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^aspira-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
      expect(file.email).toBe(email);
      expect(file.data.account).toHaveLength(1);
      expect(file.data.registrations).toEqual([expect.objectContaining({ email, name: 'Asha Verma' })]);
      expect(file.data.registrationPayments).toEqual([expect.objectContaining({ payment_id: paymentId, status: 'paid' })]);
      expect(file.data.emails.map((e: { tag: string }) => e.tag)).toEqual(expect.arrayContaining(['otp', 'registration-receipt']));

      // Delete my account: the password again, in a dialog.
      await page.setViewportSize({ width: 390, height: 844 });
      problems.push(...(await axeViolations(page, '/settings phone')));
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      problems.push(...(await axeViolations(page, '/settings delete dialog')));
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByText('Enter your password').first().waitFor();
      await dialog.getByLabel(/^Your password/).fill('not-my-password');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByText('The password is not correct').waitFor();
      await dialog.getByLabel(/^Your password/).fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await page.waitForURL(/\/login$/, ready);
      await page.getByText('Your account has been deleted').waitFor();
      expect(problems).toEqual([]);

      const [account] = await sql()`select count(*)::int as n from accounts where email = ${email}`;
      expect(account?.n).toBe(0);
      const [kept] = await sql()`select payer_name, status from registration_payments where payment_id = ${paymentId}`;
      expect(kept).toEqual({ payer_name: 'Asha Verma', status: 'paid' });
      const mails = await sql()`select tag from email_outbox where to_address = ${email}`;
      expect(mails).toEqual([{ tag: 'privacy-erasure' }]);
      // The old session is over.
      await page.goto('/applications', ready);
      await page.waitForURL(/\/login\?next=/, ready);
    },
  );

  it('an owner admin exports and erases a requester by email at /admin/privacy; the log shows both', { timeout: 120_000 }, async () => {
    const requester = newEmail('requester');
    const lead = await fetch(`${baseUrl}/api/v1/user/contactus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-nf-client-connection-ip': '198.51.100.77' },
      body: JSON.stringify(
        build.contact({ Name: 'Kabir Shah', Number: '98100 42424', email: requester, comments: 'Please erase me later.' }),
      ),
    });
    expect(lead.status).toBeLessThan(300);
    const admin = { email: newEmail('owner'), password: PASSWORD, firstName: 'Meera', lastName: 'Owner' };
    await signupVerified('admin', admin);
    await sql()`update accounts set admin_role = 'owner' where role = 'admin' and email = ${admin.email}`;

    const page = await newPage({ width: 1280, height: 800 });
    const problems: string[] = [];
    await adminLogIn(page, admin);

    await page.goto('/admin/privacy');
    await page.getByRole('heading', { name: 'Privacy requests' }).waitFor({ timeout: 30_000 });
    await page
      .locator('.privacy-log')
      .getByText(/No privacy request yet|Erasure|Export/)
      .first()
      .waitFor();
    problems.push(...(await axeViolations(page, '/admin/privacy desktop')));

    const form = page.getByRole('form', { name: 'Privacy request' });
    await form.getByLabel(/Requester's email/).fill('not-an-email');
    await form.getByRole('button', { name: 'Export data' }).click();
    await form.getByText('Enter a valid email address').waitFor();
    await form.getByLabel(/Requester's email/).fill(requester);
    const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Export data' }).click()]);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(file.data.contactRequests).toEqual([expect.objectContaining({ email: requester, name: 'Kabir Shah' })]);

    await form.getByRole('button', { name: /Erase data/ }).click();
    const dialog = page.getByRole('dialog', { name: "Erase this person's data?" });
    await dialog.waitFor();
    problems.push(...(await axeViolations(page, '/admin/privacy erase dialog')));
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await dialog.getByText('Type ERASE to confirm').last().waitFor();
    await dialog.getByLabel(/Type ERASE to confirm/).fill('ERASE');
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const rows = page.locator('.privacy-table tbody tr');
    await rows.filter({ hasText: 'Erasure' }).filter({ hasText: 'Meera Owner' }).first().waitFor();
    expect(await rows.filter({ hasText: 'Export' }).filter({ hasText: 'Meera Owner' }).count()).toBeGreaterThan(0);
    expect(await page.locator('.privacy-table').textContent()).not.toContain(requester);
    await page.setViewportSize({ width: 390, height: 844 });
    problems.push(...(await axeViolations(page, '/admin/privacy phone, with the log')));
    expect(problems).toEqual([]);

    const [left] = await sql()`select count(*)::int as n from contact_requests where email = ${requester}`;
    expect(left?.n).toBe(0);
    const [logged] = await sql()`select count(*)::int as n from privacy_requests r join accounts a on a.id = r.admin_account_id
                                 where a.email = ${admin.email}`;
    expect(logged?.n).toBe(2);
  });
});
