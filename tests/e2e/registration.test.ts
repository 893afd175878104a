import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eDescribe, newPage, sql } from './harness.ts';

const AXE = readFileSync(join(import.meta.dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** axe-core violations on the page right now ("rule (impact): help -> elements"). */
async function axeViolations(page: Page, state: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  )) as { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] };
  return result.violations.map(
    (v) =>
      `${state}: ${v.id} (${v.impact}): ${v.help} -> ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

let counter = 0;
function newVisitorEmail(): string {
  counter++;
  return `visitor.${Date.now()}.${counter}@example.com`;
}

async function otpFor(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [row] = await sql()<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${email} and tag = 'otp' order by id desc limit 1`;
    const code = row?.text_body.match(/verification code is (\d{6})/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no OTP email for ${email}`);
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
  await page.locator('.reg[data-ready]').waitFor();
  const form = registrationForm(page);
  problems.push(...(await axeViolations(page, 'start')));
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send OTP' }).click();
  await toast(page, 'OTP sent to your email!');
  await form.getByRole('button', { name: /Resend OTP in \d+s/ }).waitFor();
  problems.push(...(await axeViolations(page, 'code sent')));
  expect(await form.getByRole('button', { name: 'Register', exact: true }).count()).toBe(0);

  await form.getByLabel('OTP').fill(await otpFor(email));
  await form.getByRole('button', { name: 'Verify OTP' }).click();
  await toast(page, 'OTP verified');
  await form.getByText('Email verified').waitFor();

  // Register before filling the required fields: the spec's message, nothing saved.
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  await toast(page, 'Please fill all required fields.');
  problems.push(...(await axeViolations(page, 'required fields missing')));

  await form.getByLabel('Full name').fill('Asha Verma');
  await form.getByLabel('Phone').fill('+91 98765 43210');
  await form.getByLabel("Father's name").fill('Ravi Verma');
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
    await page.locator('.reg[data-ready]').waitFor();
    const form = registrationForm(page);
    await form.getByRole('button', { name: 'Registered' }).waitFor();
    expect(await form.getByLabel('Email').inputValue()).toBe(email);

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
});
