import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import {
  adminLogIn,
  createAdminFromTerminal,
  e2eDescribe,
  newPage,
  settled,
  signupVerified,
  sql,
  registrationAlive,
  islandsSettled,
  verifyRegistrationEmail,
} from './harness.ts';

const DM = '6801c2a4f1e2b3c4d5e6fd57'; // Digital Marketing, ₹2,49,000
const stamp = Date.now().toString(36).toUpperCase();
const ready = { waitUntil: 'domcontentloaded' } as const;
/** Screenshots to look at, when E2E_SHOTS names a folder. */
async function shot(target: Page | Locator, name: string) {
  if (process.env.E2E_SHOTS) await target.screenshot({ path: join(process.env.E2E_SHOTS, `${name}.png`) });
}
const islandsReady = (page: Page) => islandsSettled(page);

async function insertCode(code: string, fields: { percent: number; scope: string; feeOptions?: string[]; description?: string }) {
  await sql()`insert into discount_codes (code, description, kind, percent_off, scope, fee_options, created_by)
    values (${code}, ${fields.description ?? ''}, 'percent', ${fields.percent}, ${fields.scope}, ${fields.feeOptions ?? []}::text[], 'e2e')`;
}

e2eDescribe('discount and scholarship codes in the browser', () => {
  it(
    'a shared ?code= link on /buy shows the discount; the learner pays the discounted price in the sandbox',
    { timeout: 240_000 },
    async () => {
      const code = `AUTUMN-${stamp}`;
      await insertCode(code, { percent: 20, scope: 'all-courses', description: 'Autumn offer' });
      const learner = { email: `codes.learner.${stamp.toLowerCase()}@example.com`, password: 'learn2grow!' };
      await signupVerified('user', learner);
      const page = await newPage({ width: 390, height: 844 });
      page.setDefaultTimeout(30_000);
      await page.goto(`/buy/${DM}?code=${code.toLowerCase()}`, ready);
      await page.waitForURL(/\/login\?next=/, ready);
      await islandsReady(page);
      await page.locator('main').getByLabel('Email').fill(learner.email);
      await page
        .locator('main')
        .getByLabel(/^Password/)
        .fill(learner.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(new RegExp(`/buy/${DM}\\?code=`), ready);

      // The code from the link is applied: list, discount, total.
      await page.getByText(`Code ${code} applied`).waitFor();
      const details = page.locator('.buy-details');
      await details.getByText(`Discount (${code})`).waitFor();
      expect(await details.textContent()).toContain('₹2,49,000');
      expect(await details.textContent()).toContain('−₹49,800');
      expect(await page.locator('.buy-total').textContent()).toContain('₹1,99,200');
      expect(await axeViolations(page, 'buy with a code')).toEqual([]);
      await shot(page, 'codes-buy-phone');

      // Removing it shows the full price; a wrong code says why; applying again works.
      await page.getByRole('button', { name: 'Remove code' }).click();
      await page.getByLabel('Have a code?').fill('NOPE-0000');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('No such code').waitFor();
      expect(await axeViolations(page, 'buy with a refused code')).toEqual([]);
      await page.getByLabel('Have a code?').fill(code);
      await page.getByLabel('Have a code?').press('Enter');
      await page.getByText(`Code ${code} applied`).waitFor();

      await page.getByRole('combobox', { name: 'State' }).selectOption('06');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      const dialog = page.locator('dialog.checkout-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('1,99,200');
      await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/purchases$/, ready);
      await page.getByText('Payment Successful').waitFor();
      await page.getByRole('heading', { name: 'Digital Marketing' }).waitFor();
      await page.getByText(`with code ${code}`).waitFor();
      const [order] = await sql()`
      select o.amount_paise::int as amount, o.discount_code, i.discount_paise::int as discount
      from course_orders o join accounts a on a.id = o.account_id join invoices i on i.order_id = o.gateway_order_id
      where a.email = ${learner.email} and o.status = 'paid'`;
      expect(order).toEqual({ amount: 19_920_000, discount_code: code, discount: 4_980_000 });
    },
  );

  it('a 100% scholarship code on a registration fee: paid at once, /success shows ₹0 and the invoice', { timeout: 240_000 }, async () => {
    const code = `SCHOLAR-${stamp}`;
    await insertCode(code, { percent: 100, scope: 'registration-fees', feeOptions: ['hybrid'], description: 'Merit scholarship' });
    const email = `codes.visitor.${stamp.toLowerCase()}@example.com`;
    const page = await newPage({ width: 1280, height: 800 });
    page.setDefaultTimeout(30_000);
    await page.goto(`/information?code=${code}`);
    await registrationAlive(page);
    const form = await verifyRegistrationEmail(page, email);
    await form.getByLabel('Full name').fill('Asha Verma');
    await form.getByLabel('Phone').fill('+91 98765 43210');
    await form.getByLabel("Father's name").fill('Ravi Verma');
    await form.getByLabel('Date of birth').fill('1998-05-14');
    await form.getByLabel('High school %').fill('86.5');
    await form.getByLabel('Why do you want to join?').fill('To build a career in digital marketing.');
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await form.getByRole('button', { name: 'Registered' }).waitFor();

    await form.getByText(`Code ${code} applied`).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await form.getByText(`Code ${code} applied`).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(form.locator('.reg-actions'), 'codes-fee-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await form.getByRole('combobox', { name: 'State' }).selectOption('06');
    await form.getByRole('button', { name: 'Pay Now' }).click();
    const hybrid = page.locator('#fee-menu button', { hasText: 'Hybrid programme' });
    await hybrid.waitFor();
    expect(await hybrid.textContent()).toContain('₹0');
    expect(await axeViolations(page, 'fee menu with a code')).toEqual([]);
    await shot(page, 'codes-fee-menu-desktop');
    await hybrid.click();
    await page.waitForURL(/\/success\?/, ready);
    await page.locator('[data-field="amount"]', { hasText: '₹0' }).waitFor();
    expect(await page.locator('[data-invoice]').getAttribute('href')).toMatch(/^\/api\/v1\/invoices\/\d+\/pdf\?key=/);
    const rows = await sql()`
      select p.status, p.amount_paise::int as amount, p.discount_code from registration_payments p
      join registrations r on r.id = p.registration_id where r.email = ${email}`;
    expect(rows).toEqual([{ status: 'paid', amount: 0, discount_code: code }]);
  });

  it('an owner creates a code on /admin/codes and sees it in the list', { timeout: 240_000 }, async () => {
    const owner = {
      email: `codes-owner-${stamp.toLowerCase()}@aspira.example`,
      password: 'owner-codes-pass-1',
      firstName: 'Vikram',
      lastName: 'Shah',
    };
    expect((await createAdminFromTerminal(owner)).code).toBe(0);
    const admin = await newPage({ width: 1280, height: 800 });
    admin.setDefaultTimeout(30_000);
    await adminLogIn(admin, owner);
    await admin.goto('/admin/codes', ready);
    await settled(admin);
    const form = admin.getByRole('form', { name: 'New code' });
    await form.getByLabel(/^Code/).fill('ab');
    await form.getByRole('button', { name: 'Create code' }).click();
    await form
      .getByText(/4-32 letters/)
      .first()
      .waitFor();
    const code = `WINTER-${stamp}`;
    await form.getByLabel(/^Code/).fill(code.toLowerCase());
    await form.getByLabel(/^Description/).fill('Winter offer');
    await form.getByLabel(/^Percent off/).fill('15');
    await form.getByLabel(/^Total uses/).fill('100');
    await form.getByRole('button', { name: 'Create code' }).click();
    const row = admin.locator(`tr[data-code="${code}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('15% off');
    expect(await row.locator('[data-field="uses"]').textContent()).toContain('0 / 100');
    expect(await axeViolations(admin, 'admin codes')).toEqual([]);
    await shot(admin, 'codes-admin-desktop');
    const [saved] = await sql()`select percent_off, max_uses, created_by from discount_codes where code = ${code}`;
    expect(saved).toEqual({ percent_off: 15, max_uses: 100, created_by: owner.email });

    // From a scholarship lead: the form is prefilled for that applicant, who is emailed the code.
    const [app] = await sql()<{ id: string }[]>`
      insert into scholarship_applications (name, email, phone, institute, message)
      values ('Meera Iyer', ${`meera.${stamp.toLowerCase()}@example.com`}, '+919876543210', 'IIT Delhi', 'Scholarship please')
      returning id::text as id`;
    await admin.goto(`/admin/codes?application=${app!.id}`, ready);
    await settled(admin);
    const issue = admin.getByRole('form', { name: 'Issue a scholarship code' });
    await issue.getByText('Meera Iyer').waitFor();
    expect(await issue.getByLabel(/^Percent off/).inputValue()).toBe('100');
    await issue.getByLabel(/^Code/).fill(`MEERA-${stamp}`);
    await issue.getByRole('combobox', { name: /^Applies to/ }).selectOption('registration-fees');
    expect(await axeViolations(admin, 'issue a scholarship code')).toEqual([]);
    await shot(admin, 'codes-issue-desktop');
    await issue.getByRole('button', { name: 'Issue code' }).click();
    await admin.locator(`tr[data-code="MEERA-${stamp}"]`).waitFor();
    const [mail] = await sql()<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${`meera.${stamp.toLowerCase()}@example.com`} and tag = 'scholarship-code'`;
    expect(mail!.text_body).toContain(`/information?code=MEERA-${stamp}`);
  });
});
