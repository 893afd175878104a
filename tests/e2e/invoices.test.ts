import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pdfText } from '../api/invoices/kit.ts';
import { axeViolations } from './axe.ts';
import { e2eDescribe, newPage, signupVerified, sql, registrationAlive, islandsSettled } from './harness.ts';

const PM = '6801c2a4f1e2b3c4d5e6fd68'; // Product Management, ₹2,99,000
const email = `e2e.invoice.${Date.now()}@example.com`;
const password = 'learn2grow!';
const ready = { waitUntil: 'domcontentloaded' } as const;
const islandsReady = (page: Page) => islandsSettled(page);

/** E2E_SHOTS=<dir> keeps screenshots of each screen for a person to look at. */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: join(process.env.E2E_SHOTS, `${name}.png`), fullPage: true });
}

e2eDescribe('GST invoices in the browser', () => {
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    it(
      `${size.name}: checkout asks the state and GSTIN, buy in the sandbox, download the invoice PDF from purchases`,
      { timeout: 180_000 },
      async () => {
        const learner = size.name === 'desktop' ? email : email.replace('e2e.', 'e2e.phone.');
        await signupVerified('user', { email: learner, password, firstName: 'Kavya', lastName: 'Rao' });
        const page = await newPage(size);
        page.setDefaultTimeout(30_000);
        await page.goto(`/login?next=${encodeURIComponent(`/buy/${PM}`)}`, ready);
        await islandsReady(page);
        await page.locator('main').getByLabel('Email').fill(learner);
        await page
          .locator('main')
          .getByLabel(/^Password/)
          .fill(password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL(new RegExp(`/buy/${PM}$`), ready);
        await islandsReady(page);

        // Pay without a state: the form says what is missing, and nothing is ordered.
        const pay = page.getByRole('button', { name: 'Pay', exact: true });
        await page.locator('.buy-details', { hasText: 'Product Management' }).waitFor();
        expect(await page.locator('.buy-total').textContent()).toContain('₹2,99,000');
        await pay.click();
        await page.getByText('Choose your state (it decides the GST on your invoice)').waitFor();
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('state');
        await page.getByLabel(/^GSTIN/).fill('29AAGCB7383J1Z5');
        await page.getByLabel(/^State/).selectOption({ label: 'Karnataka' });
        await pay.click();
        await page.getByText('This GSTIN has a typo: its last character does not match').waitFor();
        expect(await axeViolations(page, `buy with errors (${size.name})`)).toEqual([]);
        await shot(page, `buy-errors-${size.name}`);
        expect(
          await sql()`select count(*)::int as n from course_orders o join accounts a on a.id = o.account_id where a.email = ${learner}`,
        ).toEqual([{ n: 0 }]);

        await page.getByLabel(/^GSTIN/).fill('29aagcb7383j1z4');
        await page.getByLabel(/^Business name/).fill('Bright Learning Pvt Ltd');
        await pay.click();
        const dialog = page.locator('dialog.checkout-dialog');
        await dialog.waitFor();
        await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
        await page.waitForURL(/\/purchases$/, ready);
        const link = page.getByRole('link', { name: /^Download GST invoice ASP\/\d{2}-\d{2}\/\d{6} \(PDF\)$/ });
        await link.waitFor();
        expect(await axeViolations(page, `purchases (${size.name})`)).toEqual([]);
        await shot(page, `purchases-${size.name}`);

        const number = (await link.textContent())!.match(/ASP\/\d{2}-\d{2}\/\d{6}/)![0];
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
        const text = (await pdfText(readFileSync((await download.path())!))).join('\n');
        for (const expected of [
          'TAX INVOICE',
          number,
          'GSTIN: 06AAACA1234A1ZO',
          'GSTIN: 29AAGCB7383J1Z4',
          'Bright Learning Pvt Ltd',
          'Place of supply',
          'Karnataka (29)',
          'IGST @ 18%',
          '₹45,610.17',
          '₹2,53,389.83',
          '₹2,99,000.00',
        ])
          expect(text).toContain(expected);

        // The next checkout remembers the billing details.
        await page.goto(`/buy/6801c2a4f1e2b3c4d5e6fd57`, ready);
        await islandsReady(page);
        await page.locator('.buy-details', { hasText: 'Digital Marketing' }).waitFor();
        expect(await page.getByLabel(/^State/).inputValue()).toBe('29');
        expect(await page.getByLabel(/^GSTIN/).inputValue()).toBe('29AAGCB7383J1Z4');
        await shot(page, `buy-remembered-${size.name}`);
      },
    );
  }

  it(
    'registration fee: the state is asked before any order, the paid fee and the /success link carry the invoice',
    { timeout: 180_000 },
    async () => {
      const page = await newPage({ width: 390, height: 844 });
      page.setDefaultTimeout(30_000);
      const visitor = `e2e.reginvoice.${Date.now()}@example.com`;
      await page.goto('/information');
      await registrationAlive(page);
      const form = page.getByRole('form', { name: 'Registration' });
      await form.getByLabel('Email').fill(visitor);
      await form.getByRole('button', { name: 'Send OTP' }).click();
      let code: string | undefined;
      for (let i = 0; i < 50 && !code; i++) {
        const [row] = await sql()<{ text_body: string }[]>`
        select text_body from email_outbox where to_address = ${visitor} and tag = 'otp' order by id desc limit 1`;
        code = row?.text_body.match(/verification code is (\d{6})/)?.[1];
        if (!code) await new Promise((r) => setTimeout(r, 100));
      }
      await form.getByLabel('OTP').fill(code!);
      await form.getByRole('button', { name: 'Verify OTP' }).click();
      await form.getByText('Email verified').waitFor();
      await form.getByLabel('Full name').fill('Asha Verma');
      await form.getByLabel('Phone').fill('+91 98765 43210');
      await form.getByLabel("Father's name").fill('Ravi Verma');
      await form.getByLabel('Date of birth').fill('1998-05-14');
      await form.getByLabel('High school %').fill('86.5');
      await form.getByLabel('Why do you want to join?').fill('To build a career in digital marketing.');
      await form.getByRole('button', { name: 'Register', exact: true }).click();
      await form.getByRole('button', { name: 'Registered' }).waitFor();

      // A fee chosen before the state: told what is missing, focus on the state, no order opened.
      await form.getByRole('button', { name: 'Pay Now' }).click();
      await page.getByRole('button', { name: /Online programme/ }).click();
      await form.getByText('Choose your state (it decides the GST on your invoice)').first().waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('state');
      expect(
        await sql()`select count(*)::int as n from registration_payments p join registrations r on r.id = p.registration_id where r.email = ${visitor}`,
      ).toEqual([{ n: 0 }]);
      expect(await axeViolations(page, 'registration billing error')).toEqual([]);
      await shot(page, 'registration-billing-error-phone');

      await form.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Haryana' });
      await form.getByRole('button', { name: 'Pay Now' }).click();
      await page.getByRole('button', { name: /Online programme/ }).click();
      const checkout = page.getByRole('dialog', { name: 'Aspira Registration' });
      await checkout.waitFor();
      await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/success\?/);
      const invoicePath = new URL(page.url()).searchParams.get('invoice');
      expect(invoicePath).toMatch(/^\/api\/v1\/invoices\/\d+\/pdf\?key=[\w-]{32}$/);
      // /success offers this payment's own invoice, and nothing else the address could name.
      const successLink = page.getByRole('link', { name: 'Download your GST invoice (PDF)' });
      expect(await successLink.getAttribute('href')).toBe(invoicePath);
      const [row] = await sql()<{ number: string; cgst_paise: string; sgst_paise: string }[]>`
      select i.number, i.cgst_paise, i.sgst_paise from invoices i join registrations r on r.id = i.registration_id where r.email = ${visitor}`;
      expect(row).toEqual({ number: expect.stringMatching(/^ASP\//), cgst_paise: '19068', sgst_paise: '19068' });

      // Back on the registration page: the paid fee offers the invoice.
      await page.goto('/information');
      const link = page.getByRole('link', { name: `Download GST invoice ${row!.number} (PDF)` });
      await link.waitFor();
      await shot(page, 'registration-paid-phone');
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const text = (await pdfText(readFileSync((await download.path())!))).join('\n');
      for (const expected of [row!.number, 'GSTIN: 06AAACA1234A1ZO', 'Haryana (06)', 'CGST @ 9%', 'SGST @ 9%', '₹190.68', '₹2,500.00'])
        expect(text).toContain(expected);
    },
  );
});
