/**
 * Three journeys in Chromium on the served site: a learner signs up, logs in, buys a course in the
 * sandbox checkout and sees it in purchases; a visitor registers with an emailed OTP and pays the
 * registration fee; a visitor asks for an advisor's call from the home page's Contact Us dialog.
 * The database must agree with what the browser saw.
 */
import { chromium, type Page } from 'playwright-core';
import postgres from 'postgres';
import type { Report } from './report.ts';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];
const DA = '6801c2a4f1e2b3c4d5e6fd75'; // Data Analytics, ₹2,99,000
const ready = { waitUntil: 'domcontentloaded' } as const;

export async function checkBrowser(report: Report, options: { base: string; databaseUrl: string; chromePath: string }): Promise<void> {
  const browser = await chromium.launch({ executablePath: options.chromePath, args: ARGS });
  const sql = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
  const journey = async (name: string, run: (page: Page) => Promise<string>) => {
    const context = await browser.newContext({ baseURL: options.base, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const started = Date.now();
    try {
      const outcome = await run(page);
      report.add(name, outcome, outcome, true);
    } catch (error) {
      report.add(
        name,
        'completed',
        `failed after ${Date.now() - started} ms at ${page.url()}: ${(error as Error).message.split('\n')[0]}`,
        false,
      );
    } finally {
      await context.close();
    }
  };
  try {
    await journey('browser: sign up, log in, buy in the sandbox, see the purchase', async (page) => {
      const email = `browser.learner.${Date.now()}@example.com`;
      await page.goto('/signup', ready);
      await alive(page);
      const main = page.locator('main');
      await main.getByLabel('First name').fill('Meera');
      await main.getByLabel('Last name').fill('Iyer');
      await main.getByLabel('Email').fill(email);
      await main.getByLabel(/^Password/).fill('saffron kite harbour 7');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/login\?/, ready);
      // The address is confirmed from the emailed link, as the learner would open it.
      const link = new URL(await emailedLink(sql, email, 'verify-email'));
      await page.goto(link.pathname + link.search, ready);
      await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
      await page.goto('/login', ready);
      await alive(page);
      await main.getByLabel('Email').fill(email);
      await main.getByLabel(/^Password/).fill('saffron kite harbour 7');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/courses$/, ready);
      await page.goto(`/buy/${DA}`, ready);
      await page.getByLabel(/^State/).selectOption({ label: 'Karnataka' });
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      const dialog = page.locator('dialog.checkout-dialog');
      await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/purchases$/, ready);
      await page.getByRole('heading', { name: 'Data Analytics' }).waitFor();
      const rows =
        await sql`select o.status, o.amount_paise from course_orders o join accounts a on a.id = o.account_id where a.email = ${email}`;
      const stored = rows.map((r) => `${r.status} ${r.amount_paise}`).join(', ');
      if (stored !== 'paid 29900000') throw new Error(`database holds: ${stored || 'no order'}`);
      const invoice = await invoiceFor(sql, email);
      return `confirmed by the emailed link; purchases shows Data Analytics; one paid order of 29900000 paise; invoice ${invoice}`;
    });

    await journey('browser: register with an emailed OTP and pay the hybrid fee', async (page) => {
      const email = `browser.applicant.${Date.now()}@example.com`;
      await page.goto('/information', ready);
      const form = page.getByRole('form', { name: 'Registration' });
      await alive(page, form, page.locator('.reg[data-ready]'));
      await form.getByLabel('Email').fill(email);
      await form.getByRole('button', { name: 'Send OTP' }).click();
      await form.getByLabel('OTP').fill(await otpFor(sql, email));
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
      await form.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Haryana' });
      await form.getByRole('button', { name: 'Pay Now' }).click();
      await page.getByRole('button', { name: /Hybrid programme/ }).click();
      const checkout = page.getByRole('dialog', { name: 'Aspira Registration' });
      await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/success\?/, ready);
      await page.locator('.success-details').getByText('₹8,500').waitFor();
      const rows = await sql`select p.status, p.amount_paise from registration_payments p
        join registrations r on r.id = p.registration_id where r.email = ${email} and p.status = 'paid'`;
      const stored = rows.map((r) => `${r.status} ${r.amount_paise}`).join(', ');
      if (stored !== 'paid 850000') throw new Error(`database holds: ${stored || 'no paid fee'}`);
      const invoice = await invoiceFor(sql, email);
      return `/success shows ₹8,500; one paid fee of 850000 paise; invoice ${invoice}`;
    });

    await journey('browser: the home page, Contact Us, an advisor callback request under the CSP', async (page) => {
      const email = `browser.advisor.${Date.now()}@example.com`;
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await page.goto('/?utm_source=verify', ready);
      await page.getByRole('button', { name: 'Contact Us' }).first().click();
      // The form's code is loaded by URL on the dialog's first open (src/islands/lazy-script.ts).
      const form = page.locator('#advisor-dialog form[data-ready]');
      await form.waitFor();
      await form.locator('[name="Name"]').fill('Ravi Kumar');
      await form.locator('[name="Number"]').fill('98100 42424');
      await form.locator('[name="email"]').fill(email);
      await form.locator('[name="programme"]').selectOption('Product Management');
      await form.getByRole('button', { name: 'Request a call' }).click();
      await page.locator('#advisor-dialog').getByText('We will connect you shortly!').waitFor();
      const rows = await sql`select source, utm_source from contact_requests where email = ${email}`;
      const stored = rows.map((r) => `${r.source} ${r.utm_source}`).join(', ');
      if (stored !== 'advisor verify') throw new Error(`database holds: ${stored || 'no request'}`);
      if (refused.length) throw new Error(`the CSP refused: ${refused[0]}`);
      return 'the form came alive on first open; one advisor request (utm_source verify); no CSP refusal';
    });
  } finally {
    await sql.end({ timeout: 5 });
    await browser.close();
  }
}

/** The page's form is alive: forms come alive on the visitor's first intent (a pointer over them), then mark themselves ready. */
async function alive(page: Page, form = page.locator('main form').first(), ready = page.locator('main form[data-ready]').first()) {
  await form.hover();
  await ready.waitFor();
}

async function otpFor(sql: postgres.Sql, email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [row] = await sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${email} and tag = 'otp' order by id desc limit 1`;
    const code = row?.text_body.match(/verification code is (\d{6})/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no OTP email for ${email}`);
}

/** The newest link of this kind emailed to `email`, read from the outbox (the console keeps bodies). */
async function emailedLink(sql: postgres.Sql, email: string, tag: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [row] = await sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${email} and tag = ${tag} order by id desc limit 1`;
    const link = row?.text_body.match(/https?:\/\/\S+token=[\w-]+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${tag} email for ${email}`);
}

/** The tax invoice of the person's payment: its number and tax lines, as stored. */
async function invoiceFor(sql: postgres.Sql, email: string): Promise<string> {
  const [row] = await sql<{ number: string; cgst: string; sgst: string; igst: string }[]>`
    select number, cgst_paise::text as cgst, sgst_paise::text as sgst, igst_paise::text as igst
    from invoices where lower(buyer_email) = ${email} order by id desc limit 1`;
  if (!row) throw new Error(`no invoice for ${email}`);
  return `${row.number} (CGST ${row.cgst}, SGST ${row.sgst}, IGST ${row.igst} paise)`;
}
