import { expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { createAdminFromTerminal, e2eDescribe, newPage, sql } from './harness.ts';

const ADMIN = { email: 'e2e-admin@aspira.example', password: 'e2e-admin-pass-1', firstName: 'Priya', lastName: 'Nair' };
const TITLE = `Cloud Careers ${Date.now().toString(36)}`;

/**
 * Toasts live 2 s (docs/product.md, Messages); on a loaded machine a page can take longer than that to settle, so every
 * toast text that appears is also recorded on the page, and tests wait for the record.
 */
async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="status"][aria-live]')) {
        const text = el.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

async function sawToast(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => (window as unknown as { __toasts?: string[] }).__toasts?.some((s) => s.includes(t)), text, {
    timeout: 15_000,
  });
}

async function logIn(page: Page): Promise<void> {
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Admin login' });
  await form.waitFor({ timeout: 30_000 });
  await form.getByLabel('Email').fill(ADMIN.email);
  await form.getByLabel('Password').fill(ADMIN.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/admin/dashboard');
  await page.getByRole('heading', { name: `Welcome, ${ADMIN.firstName}` }).waitFor();
}

e2eDescribe('admin in the browser', () => {
  let admin: Page;

  it('guards the admin screens when nobody is logged in', async () => {
    const page = await newPage();
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/admin/login');
    await page.goto('/admin/create-course');
    await page.waitForURL('**/admin/login');
    await page.goto('/admin/our-courses');
    await page.getByText('Please login to admin').waitFor();
    await page.waitForURL('**/admin/login');
    await page.goto('/admin/update-course/6801c2a4f1e2b3c4d5e6fd57');
    await page.getByText('Please login to admin').waitFor();
    await page.waitForURL('**/admin/login');
    const robots = await page.locator('meta[name="robots"]').getAttribute('content');
    expect(robots).toContain('noindex');
  });

  it('signs up with the invite code only, then goes to the login screen', async () => {
    const page = await newPage();
    await recordToasts(page);
    await page.goto('/admin/signup');
    const form = page.getByRole('form', { name: 'Admin signup' });
    await form.getByLabel('Last name').fill('Invited');
    await form.getByLabel('Email').fill('invited@aspira.example');
    await form.getByLabel(/^Password/).fill('password123');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await form
      .getByText(/This is a commonly used password/)
      .first()
      .waitFor();
    await form.getByLabel(/^Password/).fill('harbour lamp seven');
    await form.getByLabel('Invite code').fill('not-the-code');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await sawToast(page, 'Admin signup needs a valid invite code');
    expect(await sql()`select 1 from accounts where email = 'invited@aspira.example'`).toHaveLength(0);
    await form.getByLabel('Invite code').fill('e2e-invite-code');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/admin/login');
    const [row] = await sql()`select role from accounts where email = 'invited@aspira.example'`;
    expect(row).toMatchObject({ role: 'admin' });
  });

  it('creates the first admin from the terminal and logs in', async () => {
    const result = await createAdminFromTerminal(ADMIN);
    expect(result.output).toContain(`Admin created: ${ADMIN.email}`);
    expect(result.code).toBe(0);
    const [row] = await sql()`select role, first_name from accounts where email = ${ADMIN.email}`;
    expect(row).toMatchObject({ role: 'admin', first_name: 'Priya' });

    admin = await newPage({ width: 1280, height: 900 });
    await recordToasts(admin);
    await logIn(admin);
    const menu = admin.getByRole('navigation', { name: 'Admin tasks' });
    for (const name of ['Our Courses', 'Create Course', 'Leads', 'Home'])
      await menu.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor();
    await admin.getByRole('button', { name: 'Logout' }).waitFor();
  });

  it('every admin screen has the admin chrome: name, sections, logout; no marketing header or advisor bar', async () => {
    for (const [path, current] of [
      ['/admin/dashboard', 'Dashboard'],
      ['/admin/our-courses', 'Courses'],
      ['/admin/create-course', 'Courses'],
      ['/admin/leads', 'Leads'],
    ] as const) {
      await admin.goto(path);
      const sections = admin.getByRole('navigation', { name: 'Admin sections' });
      for (const name of ['Dashboard', 'Courses', 'Leads']) await sections.getByRole('link', { name, exact: true }).waitFor();
      expect(await sections.locator('[aria-current="page"]').textContent(), path).toBe(current);
      await admin.locator('.admin-name', { hasText: ADMIN.firstName }).waitFor();
      await admin.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
      for (const marketing of ['All Courses', 'Registration', 'AspiraTank'])
        expect(await admin.getByRole('link', { name: marketing, exact: true }).count(), `${path} ${marketing}`).toBe(0);
      expect(await admin.locator('.contact-bar, .site-header, .site-footer, #advisor-dialog').count(), path).toBe(0);
    }
    // Login and signup: the brand and a way back to the website, no sections.
    const guest = await newPage();
    await guest.goto('/admin/login');
    await guest.getByRole('link', { name: 'Back to the website' }).waitFor();
    expect(await guest.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
    expect(await guest.locator('.contact-bar, .site-header').count()).toBe(0);
  });

  it('creates a course with an image; it shows in the admin list, on /courses and in the home catalogue', async () => {
    await admin.goto('/admin/dashboard');
    await admin
      .getByRole('navigation', { name: 'Admin tasks' })
      .getByRole('link', { name: /^Create Course/ })
      .click();
    await admin.waitForURL('**/admin/create-course');
    const form = admin.getByRole('form', { name: 'Create course' });
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Description').fill('Cloud skills for support, operations and sales roles. '.repeat(6).trim());
    await form.getByLabel(/^Price/).fill('4999');
    await form.getByLabel(/^List price/).fill('4999');
    await form.getByLabel(/^Duration/).fill('3 months');
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 20, g: 120, b: 90 } } })
      .png()
      .toBuffer();
    await form.getByLabel(/^Image/).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await admin.getByAltText('Preview of the course image').waitFor();
    // A list price must be above the price: the form says so before anything is sent.
    await form.getByRole('button', { name: 'Create Course' }).click();
    await form.getByText('List price must be more than the price, or left empty for no discount').waitFor();
    await form.getByLabel(/^List price/).fill('6000');
    await form.getByRole('button', { name: 'Create Course' }).click();
    await admin.waitForURL('**/admin/our-courses');
    await sawToast(admin, 'Course created successfully');
    const card = admin.locator('li', { has: admin.getByRole('heading', { name: TITLE }) });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('₹4,999');
    // ₹6,000 list, ₹4,999 price: 16.68% saved, shown as "16% off".
    expect((await card.locator('s').textContent())?.trim()).toBe('List price ₹6,000');
    expect((await card.locator('.price-off').textContent())?.trim()).toBe('16% off');
    // The seeded courses have no list price: the price alone.
    const seeded = admin.locator('li', { has: admin.getByRole('heading', { name: 'Digital Marketing' }) });
    expect(await seeded.locator('s, .price-off').count()).toBe(0);
    await expect(seeded.textContent()).resolves.toContain('No list price');
    const description = await card.locator('p.muted').textContent();
    expect(description!.length).toBeLessThanOrEqual(203);
    expect(description!.endsWith('...')).toBe(true);

    const [row] =
      await sql()`select c.id, i.content_type, i.width from courses c join images i on i.id = c.image_id where c.title = ${TITLE}`;
    expect(row).toMatchObject({ content_type: 'image/webp', width: 1200 });
    const image = await admin.request.get(
      `/api/v1/images/${(await sql()`select image_id from courses where title = ${TITLE}`)[0]!.image_id}`,
    );
    expect(image.headers()['content-type']).toBe('image/webp');

    const visitor = await newPage();
    await visitor.goto('/courses');
    await visitor.getByRole('heading', { name: TITLE }).first().waitFor();
    await visitor.goto('/');
    await visitor.reload();
    await visitor.getByRole('heading', { name: TITLE }).first().waitFor({ timeout: 20_000 });
  });

  it('updates the price on the prefilled update page', async () => {
    await admin.goto('/admin/our-courses');
    await admin.getByRole('link', { name: `Update ${TITLE}` }).click();
    await admin.waitForURL('**/admin/update-course/*');
    const form = admin.getByRole('form', { name: 'Update course' });
    await expect(form.getByLabel('Title').inputValue()).resolves.toBe(TITLE);
    await expect(form.getByLabel(/^Price/).inputValue()).resolves.toBe('4999');
    await expect(form.getByLabel(/^List price/).inputValue()).resolves.toBe('6000');
    await form.getByLabel(/^Price/).fill('5499.50');
    await form.getByLabel(/^List price/).fill('');
    await form.getByRole('button', { name: 'Update Course' }).click();
    await admin.waitForURL('**/admin/our-courses');
    await sawToast(admin, 'Course updated successfully');
    const card = admin.locator('li', { has: admin.getByRole('heading', { name: TITLE }) });
    await expect(card.textContent()).resolves.toContain('₹5,499.50');
    expect(await card.locator('s, .price-off').count()).toBe(0);
    const [row] = await sql()`select price_paise, list_price_paise, image_id from courses where title = ${TITLE}`;
    expect(Number(row!.price_paise)).toBe(549950);
    expect(row!.list_price_paise).toBeNull();
    expect(row!.image_id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('deletes the course after confirming', async () => {
    await admin.getByRole('button', { name: `Delete ${TITLE}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete this course?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await sql()`select 1 from courses where title = ${TITLE}`).toHaveLength(1);
    await admin.getByRole('button', { name: `Delete ${TITLE}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await sawToast(admin, 'Course deleted successfully');
    await admin.getByRole('heading', { name: TITLE }).waitFor({ state: 'detached' });
    expect(await sql()`select 1 from courses where title = ${TITLE}`).toHaveLength(0);
    const list = await (await admin.request.get('/api/v1/course/courses')).json();
    expect(list.courses.map((c: { title: string }) => c.title)).not.toContain(TITLE);
  });

  it('finds a visitor scholarship application in the leads inbox and its CSV', async () => {
    const visitor = await newPage();
    await visitor.goto('/scholarship');
    const form = visitor.getByRole('form', { name: 'Scholarship application' });
    await form.getByLabel('Name').fill('Zara Visitor, Jr.');
    await form.getByLabel('Email').fill('zara.visitor@example.com');
    await form.getByLabel('Phone').fill('9876543219');
    await form.getByLabel('Institute').fill('Pune University');
    await form.getByLabel('Message').fill('=1+1 I would love to join');
    await visitor.waitForSelector('form[aria-label="Scholarship application"][data-ready]');
    await form.getByRole('button', { name: /Apply/ }).click();
    await visitor.getByText('Application received').waitFor();

    // A paid course order: its amount reads as everywhere else on the site (₹2,49,000).
    const [account] = await sql()`select id from accounts where email = ${ADMIN.email}`;
    await sql()`insert into payment_orders (id, gateway, purpose, amount_paise, receipt, status, payment_id, paid_at)
      values ('order_e2e_inbox', 'sandbox', 'course', 24900000, 'e2e-inbox', 'paid', 'pay_e2e_inbox', now())`;
    await sql()`insert into course_orders (account_id, course_id, email, gateway_order_id, amount_paise, status, payment_id, paid_at)
      values (${account!.id}, '6801c2a4f1e2b3c4d5e6fd57', ${ADMIN.email}, 'order_e2e_inbox', 24900000, 'paid', 'pay_e2e_inbox', now())`;

    await admin.goto('/admin/leads');
    await admin.getByRole('heading', { name: 'Leads' }).waitFor();
    await admin.getByRole('button', { name: /Zara Visitor, Jr\./ }).waitFor();
    const order = admin.getByRole('button', { name: /Digital Marketing · paid · ₹2,49,000/ });
    await order.waitFor();
    expect(await admin.getByText(/₹249000/).count()).toBe(0);
    await order.click();
    await admin.getByRole('dialog').getByText('₹2,49,000', { exact: true }).waitFor();
    await admin.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const filters = admin.getByRole('search', { name: 'Filter leads' });
    await filters.getByLabel('Kind').selectOption('scholarship');
    await filters.getByLabel('Search').fill('zara.visitor');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await admin.getByText('1 lead, newest first.').waitFor();
    await admin.getByRole('button', { name: /Zara Visitor, Jr\./ }).click();
    const details = admin.getByRole('dialog', { name: /Scholarship: Zara/ });
    await details.getByText('Pune University').waitFor();
    await details.getByText('=1+1 I would love to join').waitFor();
    await details.getByRole('button', { name: 'Close' }).click();

    const href = await admin.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toBe('/api/v1/admin/leads?kind=scholarship&q=zara.visitor&format=csv');
    const csv = await admin.request.get(href!);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toContain('"Zara Visitor, Jr."');
    expect(text).toContain('zara.visitor@example.com');
    expect(text).toContain('message: =1+1 I would love to join');
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('logs out: the record goes, the session is revoked, the screens guard again', async () => {
    await admin.goto('/admin/dashboard');
    await admin.getByRole('button', { name: 'Logout' }).click();
    await admin.waitForURL('**/admin/login');
    expect(await admin.evaluate(() => localStorage.getItem('aspira.admin'))).toBeNull();
    const leads = await admin.request.get('/api/v1/admin/leads');
    expect(leads.status()).toBe(401);
    await admin.goto('/admin/dashboard');
    await admin.waitForURL('**/admin/login');
  });
});
