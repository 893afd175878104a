import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { e2eDescribe, emailedOtp, newPage, sql, registrationAlive } from './harness.ts';

let counter = 0;
function newVisitorEmail(): string {
  counter++;
  return `visitor.${Date.now()}.${counter}@example.com`;
}

/** The registration form (the advisor dialog elsewhere on the page has fields with the same names). */
function registrationForm(page: Page) {
  return page.getByRole('form', { name: 'Registration' });
}

async function toast(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/** A new visitor verifies the email (code read from the outbox, as a person reads the email) and registers. */
async function registerVisitor(page: Page, email: string, problems: string[] = []) {
  await page.goto('/information');
  await registrationAlive(page);
  const form = registrationForm(page);
  problems.push(...(await axeViolations(page, 'start')));
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send OTP' }).click();
  await toast(page, 'OTP sent to your email!');
  await form.getByRole('button', { name: /Resend OTP in \d+s/ }).waitFor();
  problems.push(...(await axeViolations(page, 'code sent')));
  expect(await form.getByRole('button', { name: 'Register', exact: true }).count()).toBe(0);

  await form.getByLabel('OTP').fill(await emailedOtp(email));
  await form.getByRole('button', { name: 'Verify OTP' }).click();
  await toast(page, 'OTP verified');
  await form.getByText('Email verified').waitFor();

  // Register before filling the required fields: the message of docs/product.md, nothing saved.
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  await toast(page, 'Please fill all required fields.');
  problems.push(...(await axeViolations(page, 'required fields missing')));

  await form.getByLabel('Full name').fill('Asha Verma');
  await form.getByLabel('Phone').fill('+91 98765 43210');
  await form.getByLabel("Father's name").fill('Ravi Verma');
  await form.getByLabel('Date of birth').fill('1998-05-14');
  await form.getByLabel('High school %').fill('86.5');
  await form.getByLabel('Why do you want to join?').fill('To build a career in digital marketing.');
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  await toast(page, 'Registered successfully as unpaid user!');
  const registered = form.getByRole('button', { name: 'Registered' });
  await registered.waitFor();
  expect(await registered.isDisabled()).toBe(true);
}

async function payFee(page: Page, label: RegExp) {
  const form = registrationForm(page);
  await form.getByRole('combobox', { name: 'State' }).selectOption('06');
  await form.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: label }).click();
  const checkout = page.getByRole('dialog', { name: 'Aspira Registration' });
  await checkout.waitFor();
  return checkout;
}

async function paidRegistrations(email: string) {
  return sql()<{ status: string; amount_paise: string; payment_id: string | null }[]>`
    select p.status, p.amount_paise, p.payment_id from registration_payments p
    join registrations r on r.id = p.registration_id where r.email = ${email} and p.status = 'paid'`;
}

e2eDescribe('registration and the registration fee in the browser', () => {
  it('a new visitor verifies, registers, pays the hybrid fee in the sandbox checkout and lands on /success', async () => {
    const page = await newPage({ width: 390, height: 844 });
    const email = newVisitorEmail();
    const problems: string[] = [];
    await registerVisitor(page, email, problems);

    // A reload keeps the registration.
    await page.reload();
    await registrationAlive(page);
    const form = registrationForm(page);
    await form.getByRole('button', { name: 'Registered' }).waitFor();
    expect(await form.getByLabel('Email').inputValue()).toBe(email);
    await form.getByRole('combobox', { name: 'State' }).selectOption('06');

    // The custom amount: Pay stays disabled below ₹1; Cancel closes the modal.
    await form.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByRole('button', { name: /Custom amount/ }).click();
    const custom = page.getByRole('dialog', { name: 'Pay a custom amount' });
    await custom.waitFor();
    problems.push(...(await axeViolations(page, 'custom amount dialog')));
    const payCustom = custom.getByRole('button', { name: 'Pay', exact: true });
    expect(await payCustom.isDisabled()).toBe(true);
    await custom.getByLabel('Amount').fill('0.5');
    expect(await payCustom.isDisabled()).toBe(true);
    await custom.getByLabel('Amount').fill('10');
    expect(await payCustom.isDisabled()).toBe(false);
    await custom.getByRole('button', { name: 'Cancel' }).click();
    await custom.waitFor({ state: 'hidden' });

    await form.getByRole('button', { name: 'Pay Now' }).click();
    await page.locator('#fee-menu').waitFor();
    problems.push(...(await axeViolations(page, 'fee menu open')));
    await form.getByRole('button', { name: 'Pay Now' }).click();
    const checkout = await payFee(page, /Hybrid programme/);
    expect(await checkout.textContent()).toContain('₹8,500');
    problems.push(...(await axeViolations(page, 'sandbox checkout')));
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/success\?/);
    const details = page.locator('.success-details');
    await details.getByText('₹8,500').waitFor();
    expect(await details.textContent()).toContain('Hybrid programme');
    const paymentId = (await page.locator('[data-field="paymentId"]').textContent())?.trim();
    expect(paymentId).toMatch(/^pay_/);
    expect(await page.getByText('within 48 hours').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    problems.push(...(await axeViolations(page, '/success')));
    expect(problems).toEqual([]);

    const paid = await paidRegistrations(email);
    expect(paid).toEqual([{ status: 'paid', amount_paise: '850000', payment_id: paymentId }]);
    const [registration] = await sql()`select status from registrations where email = ${email}`;
    expect(registration?.status).toBe('paid');
    const receipts = await sql()`select 1 from email_outbox where to_address = ${email} and tag = 'registration-receipt'`;
    expect(receipts).toHaveLength(1);
  });

  it('the "Fail" button shows "Payment failed" and records nothing as paid', async () => {
    const page = await newPage({ width: 1440, height: 900 });
    const email = newVisitorEmail();
    await registerVisitor(page, email);
    const checkout = await payFee(page, /Online programme/);
    expect(await checkout.textContent()).toContain('₹2,500');
    await checkout.getByRole('button', { name: 'Fail' }).click();
    await toast(page, 'Payment failed');
    await checkout.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/information');
    expect(await paidRegistrations(email)).toEqual([]);
    const [registration] = await sql()`select status from registrations where email = ${email}`;
    expect(registration?.status).toBe('unpaid');
    await registrationForm(page).getByRole('button', { name: 'Pay Now' }).waitFor();
  });

  it('/success shows what the link says as text, never as markup', async () => {
    const page = await newPage();
    const name = '<img src=x onerror="window.__xss=1">';
    await page.goto(`/success?name=${encodeURIComponent(name)}&email=a%40b.co&amount=151570.5&program=AspiraDiscover&paymentId=pay_Abc123`);
    await page.locator('[data-row="amount"]:not([hidden])').waitFor();
    expect(await page.locator('[data-field="amount"]').textContent()).toBe('₹1,51,570.50');
    expect(await page.locator('.success-details [data-field="name"]').textContent()).toBe(name);
    expect(await page.locator('.success-card img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  it('a corrected email gets a code at once; the mistyped address says how long it must wait', async () => {
    const page = await newPage({ width: 1440, height: 900 });
    await page.goto('/information');
    await registrationAlive(page);
    const form = registrationForm(page);
    const typo = newVisitorEmail().replace('@example.com', '@exmaple.com');
    const email = newVisitorEmail();
    await form.getByLabel('Email').fill(typo);
    await form.getByRole('button', { name: 'Send OTP' }).click();
    await form.getByRole('button', { name: /Resend OTP in \d+s/ }).waitFor();

    await form.getByLabel('Email').fill(email);
    const send = form.getByRole('button', { name: 'Send OTP', exact: true });
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    await form.getByText(`We sent a 6-digit code to ${email}.`).waitFor();
    await form.getByLabel('OTP').fill(await emailedOtp(email));
    await form.getByRole('button', { name: 'Verify OTP' }).click();
    await form.getByText('Email verified').waitFor();

    // Back to the mistyped address before its minute is up: the button says how long, and why.
    await form.getByLabel('Email').fill(typo);
    const wait = form.getByRole('button', { name: /Send OTP in \d+s/ });
    await wait.waitFor();
    expect(await wait.isDisabled()).toBe(true);
    await form.getByText(/A code was sent to this address a moment ago\. You can ask for a new one in \d+ s/).waitFor();
  });

  it('keeps what was typed before the form came alive on a slow connection', async () => {
    const page = await newPage();
    // A slow network: every script arrives two and a half seconds late.
    await page.route('**/_astro/**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue().catch(() => {});
    });
    await page.goto('/information', { waitUntil: 'commit' });
    const form = registrationForm(page);
    const email = newVisitorEmail();
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Full name').pressSequentially('Early Typist');
    await form.getByLabel('Why do you want to join?').fill('Typed before the script loaded.');
    expect(await page.locator('.reg[data-ready]').count()).toBe(0);
    await registrationAlive(page);
    await page.unroute('**/_astro/**/*.js');
    expect(await form.getByLabel('Email').inputValue()).toBe(email);
    expect(await form.getByLabel('Full name').inputValue()).toBe('Early Typist');
    expect(await form.getByLabel('Why do you want to join?').inputValue()).toBe('Typed before the script loaded.');
    // The flow uses what is shown: the code goes to the early-typed address.
    await form.getByRole('button', { name: 'Send OTP' }).click();
    await form.getByText(`We sent a 6-digit code to ${email}.`).waitFor();
    expect(await emailedOtp(email)).toMatch(/^\d{6}$/);
  });

  it('after paying, Back and reload show the paid fee, and a second tab cannot open another fee order', async () => {
    const page = await newPage({ width: 1440, height: 900 });
    const email = newVisitorEmail();
    await registerVisitor(page, email);
    // A second tab of the same browser, opened before paying, still offers "Pay Now".
    const otherTab = await page.context().newPage();
    await otherTab.goto('/information');
    await registrationAlive(otherTab);
    await registrationForm(otherTab).getByRole('button', { name: 'Pay Now' }).waitFor();

    const checkout = await payFee(page, /Online programme/);
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/success\?/);
    await page.locator('[data-row="paymentId"][data-filled]').waitFor();
    const paymentId = (await page.locator('[data-field="paymentId"]').textContent())?.trim();

    for (const how of ['back', 'reload'] as const) {
      if (how === 'back') await page.goBack();
      else await page.reload();
      expect(new URL(page.url()).pathname).toBe('/information');
      await registrationAlive(page);
      const form = registrationForm(page);
      await form.getByText('Registration fee paid').waitFor();
      expect(await form.locator('[data-field="paymentId"]').textContent()).toBe(paymentId);
      await form.getByText('₹2,500').waitFor();
      expect(await form.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
      const receipt = form.getByRole('link', { name: 'View your receipt' });
      expect(await receipt.getAttribute('href')).toContain(`paymentId=${paymentId}`);
    }

    // The other tab tries to pay again: the server refuses (409), the tab shows the paid state.
    await registrationForm(otherTab).getByRole('combobox', { name: 'State' }).selectOption('06');
    await registrationForm(otherTab).getByRole('button', { name: 'Pay Now' }).click();
    await otherTab.getByRole('button', { name: /Hybrid programme/ }).click();
    await toast(otherTab, 'This registration is already paid');
    await registrationForm(otherTab).getByText('Registration fee paid').waitFor();
    expect(await registrationForm(otherTab).getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    const rows =
      await sql()`select p.status from registration_payments p join registrations r on r.id = p.registration_id where r.email = ${email}`;
    expect(rows).toEqual([{ status: 'paid' }]);
  });
});
