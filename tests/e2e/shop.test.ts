import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { confirmEmail, e2eDescribe, newPage, sql, islandsSettled } from './harness.ts';

const DA = '6801c2a4f1e2b3c4d5e6fd75'; // Data Analytics, ₹2,99,000
const email = `e2e.learner.${Date.now()}@example.com`;
const password = 'learn2grow!';

/** A page with room for a slow machine: the shop's pages need their island, not every image. */
async function shopPage(size: { width: number; height: number }) {
  const page = await newPage(size);
  page.setDefaultTimeout(30_000);
  return page;
}
const ready = { waitUntil: 'domcontentloaded' } as const;
/** The page's own island has hydrated (Astro drops the `ssr` attribute then). */
const islandsReady = (page: Page) => islandsSettled(page);

async function textOf(page: Page, selector: string) {
  return (await page.locator(selector).first().textContent())?.trim();
}

e2eDescribe('the course shop in the browser', () => {
  it(
    'a visitor signs up, logs in, searches, buys through the sandbox checkout, sees the purchase, cannot buy twice, logs out',
    { timeout: 240_000 },
    async () => {
      const page = await shopPage({ width: 390, height: 844 });

      // Sign up: the form explains what is wrong before anything is sent.
      await page.goto('/signup', ready);
      await islandsReady(page);
      await page.locator('main').getByLabel('First name').fill('Meenakshi');
      await page.locator('main').getByLabel('Last name').fill('Iyer');
      await page.locator('main').getByLabel('Email').fill('not-an-email');
      await page
        .locator('main')
        .getByLabel(/^Password/)
        .fill('short');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Enter a valid email address').waitFor();
      await page.getByText('Password must be at least 8 characters').waitFor();
      expect(await sql()`select count(*)::int as n from accounts where first_name = 'Meenakshi'`).toEqual([{ n: 0 }]);

      await page.locator('main').getByLabel('Email').fill(email);
      const passwordBox = page.locator('main').getByLabel(/^Password/);
      // Strength shows as it is typed (the dictionary loads on the first keystroke); a common
      // password is refused with the reason, a digit-free passphrase is welcome.
      await passwordBox.fill('password1');
      await page.getByText(/Too weak: This is a commonly used password/).waitFor();
      await passwordBox.fill('correct horse battery');
      await page.locator('.pw-strength', { hasText: /Very strong|Strong/ }).waitFor();
      await passwordBox.fill(password);
      expect(await passwordBox.getAttribute('type')).toBe('password');
      await page.locator('main').getByLabel('Show password').check();
      expect(await passwordBox.getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Create account' }).click();

      // Log in: the email is filled in; a wrong password gets the one neutral answer.
      await page.waitForURL(/\/login\?/, ready);
      await islandsReady(page);
      await page.getByText('Check your email: we sent a link to confirm your address.').waitFor();
      // Buying needs a confirmed email (the link's own journey: accounts.test.ts).
      await confirmEmail(email);
      expect(await page.locator('main').getByLabel('Email').inputValue()).toBe(email);
      await page
        .locator('main')
        .getByLabel(/^Password/)
        .fill('wrong-password-1');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText('Invalid email or password').waitFor();
      await page
        .locator('main')
        .getByLabel(/^Password/)
        .fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/courses$/, ready);
      await islandsReady(page);

      // Search filters the grid as you type, over titles and descriptions.
      await page.getByRole('heading', { name: 'Digital Marketing' }).waitFor();
      expect(await page.locator('.shop-card').count()).toBe(5);
      // No seeded course has a list price: no struck-through price, no discount label.
      expect(await page.locator('.shop-card s').count()).toBe(0);
      expect(await page.getByText(/% off/).count()).toBe(0);
      const search = page.getByRole('searchbox', { name: 'Search courses' });
      await search.pressSequentially('python');
      await page.waitForFunction(() => document.querySelectorAll('.shop-card').length === 1);
      expect(await textOf(page, '.shop-card h2')).toBe('Data Analytics');
      await search.fill('no such course');
      await page.getByText('No courses match “no such course”.').waitFor();
      await search.fill('ANALYTICS');
      await page.waitForFunction(() => document.querySelectorAll('.shop-card').length === 1);

      // Buy: the Pay button waits for the order; the sandbox checkout plays Razorpay.
      await page.getByRole('link', { name: /Buy Now/ }).click();
      await page.waitForURL(new RegExp(`/buy/${DA}$`), ready);
      const payButton = page.getByRole('button', { name: 'Pay', exact: true });
      await payButton.waitFor();
      expect(await payButton.isEnabled()).toBe(true);
      // The page's script fills in the course and its price as soon as they are known.
      await page.locator('.buy-details', { hasText: 'Data Analytics' }).waitFor();
      expect(await textOf(page, '.buy-total')).toContain('₹2,99,000');
      await page.getByRole('combobox', { name: 'State' }).selectOption('06');
      await payButton.click();
      const dialog = page.locator('dialog.checkout-dialog');
      await dialog.waitFor();
      expect(await dialog.getByRole('heading').textContent()).toBe('Course Purchase');
      expect(await dialog.textContent()).toContain('Data Analytics');
      await dialog.getByRole('button', { name: 'Pay', exact: true }).click();

      await page.waitForURL(/\/purchases$/, ready);
      await page.getByText('Payment Successful').waitFor();
      await page.getByRole('heading', { name: 'Data Analytics' }).waitFor();
      expect(await page.locator('.purchase-card').count()).toBe(1);
      expect(await textOf(page, '.purchase-card .shop-card-desc')).toMatch(/^.{100}\.\.\.$/);
      const rows =
        await sql()`select o.status, o.amount_paise from course_orders o join accounts a on a.id = o.account_id where a.email = ${email}`;
      expect(rows).toEqual([{ status: 'paid', amount_paise: '29900000' }]);

      // Buying it again: told "Already purchased" and sent back to /purchases.
      await page.goto(`/buy/${DA}`, ready);
      await page.waitForURL(/\/purchases$/, ready);
      await page.getByText('Already purchased').waitFor();
      expect(
        await sql()`select count(*)::int as n from course_orders o join accounts a on a.id = o.account_id where a.email = ${email}`,
      ).toEqual([{ n: 1 }]);

      // Log out from the sidebar; /purchases then sends the visitor to /login.
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(/\/login$/, ready);
      await page.goto('/purchases', ready);
      await page.waitForURL(/\/login\?next=%2Fpurchases$/, ready);
      // The old session is dead on the server too.
      const status = await page.evaluate(() => fetch('/api/v1/user/purchases').then((r) => r.status));
      expect(status).toBe(401);
    },
  );

  it('after logging in, the visitor comes back to the buy page they were going to', { timeout: 120_000 }, async () => {
    const page = await shopPage({ width: 1440, height: 900 });
    await page.goto(`/buy/6801c2a4f1e2b3c4d5e6fd57`, ready);
    await page.waitForURL(/\/login\?next=%2Fbuy%2F6801c2a4f1e2b3c4d5e6fd57$/, ready);
    await islandsReady(page);
    await page.locator('main').getByLabel('Email').fill(email);
    await page
      .locator('main')
      .getByLabel(/^Password/)
      .fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/buy\/6801c2a4f1e2b3c4d5e6fd57$/, ready);
    await page.getByRole('button', { name: 'Pay', exact: true }).waitFor();
    await page.locator('.buy-details', { hasText: 'Digital Marketing' }).waitFor();
    // The sidebar now offers Logout instead of Login.
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(false);
  });

  it(
    '/course/{id} shows courses without a landing page, a clear not-found state, and leaves the landing pages alone',
    { timeout: 120_000 },
    async () => {
      const [course] = await sql()`insert into courses (title, description, price_paise, duration)
      values ('Customer Success Basics', 'Learn how to keep customers happy and growing.', 4999900, '6 weeks') returning id`;
      const page = await shopPage({ width: 390, height: 844 });
      await page.goto(`/course/${course!.id}`, ready);
      await page.getByRole('heading', { name: 'Customer Success Basics', level: 1 }).waitFor();
      expect(await page.textContent('main')).toContain('6 weeks');
      expect(await page.getByRole('link', { name: 'Enroll Now' }).getAttribute('href')).toBe(`/buy/${course!.id}`);

      await page.goto('/course/ffffffffffffffffffffffff', ready);
      await page.getByRole('heading', { name: 'Course not found' }).waitFor();

      const landing = await page.goto(`/course/${DA}`, ready);
      expect(landing!.status()).toBe(200);
      await page.locator('#eligibility').waitFor();
      expect(await page.locator('.course-view').count()).toBe(0);
    },
  );
});
