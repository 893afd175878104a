import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import {
  adminLogIn,
  baseUrl,
  createAdminFromTerminal,
  e2eDescribe,
  newPage,
  settled,
  signupVerified,
  sql,
  islandsSettled,
} from './harness.ts';

const DM = '6801c2a4f1e2b3c4d5e6fd57'; // Digital Marketing, ₹2,49,000
const PM = '6801c2a4f1e2b3c4d5e6fd68'; // Product Management, ₹2,99,000
const stamp = Date.now().toString(36);
const LEARNER = { email: `refund.learner.${stamp}@example.com`, password: 'learn2grow!', firstName: 'Nisha', lastName: 'Menon' };
const OWNER = { email: `refund-owner-${stamp}@aspira.example`, password: 'owner-refunds-pass-1', firstName: 'Vikram', lastName: 'Shah' };
const ready = { waitUntil: 'domcontentloaded' } as const;

let ownerCreated: ReturnType<typeof createAdminFromTerminal> | undefined;

/** The owner (created once), logged in through the admin login form, on /admin/money. */
async function ownerOnMoneyView(): Promise<Page> {
  expect((await (ownerCreated ??= createAdminFromTerminal(OWNER))).code).toBe(0);
  const admin = await newPage({ width: 1280, height: 800 });
  admin.setDefaultTimeout(30_000);
  await adminLogIn(admin, OWNER);
  await admin.goto('/admin/money', ready);
  await settled(admin);
  return admin;
}

/** A learner with a confirmed email buys a course through the API and the sandbox checkout. */
async function boughtThroughApi(email: string, courseId: string): Promise<string> {
  const password = 'learn2grow!';
  await signupVerified('user', { email, password, firstName: 'Arjun', lastName: 'Pillai' });
  const send = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const data = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(data)}`);
    return data;
  };
  const { token } = (await send('POST', '/user/login', { email, password })) as { token: string };
  await send('PUT', '/billing', { state: '29' }, token);
  const order = (await send('POST', `/course/buy/${courseId}`, undefined, token)) as { orderId: string };
  const { success: _s, ...result } = await send('POST', '/payment/sandbox/pay', { orderId: order.orderId, outcome: 'success' });
  await send('POST', '/order', { courseId, ...result }, token);
  return order.orderId;
}

e2eDescribe('refunds from the admin money view', () => {
  it(
    'a learner buys in the sandbox; an owner refunds it from /admin/money; the purchase is gone and the refund email is in the outbox',
    { timeout: 240_000 },
    async () => {
      // The learner buys Digital Marketing through the sandbox checkout.
      await signupVerified('user', LEARNER);
      const learner = await newPage({ width: 390, height: 844 });
      learner.setDefaultTimeout(30_000);
      await learner.goto(`/login?next=${encodeURIComponent(`/buy/${DM}`)}`, ready);
      await learner.waitForFunction(
        () => !!document.querySelector('main astro-island') && !document.querySelector('main astro-island[ssr]'),
      );
      await learner.locator('main').getByLabel('Email').fill(LEARNER.email);
      await learner
        .locator('main')
        .getByLabel(/^Password/)
        .fill(LEARNER.password);
      await learner.getByRole('button', { name: 'Log in' }).click();
      await learner.waitForURL(new RegExp(`/buy/${DM}$`), ready);
      // The billing details for the tax invoice (the checkout asks for the state), then Pay.
      const billing = await learner.evaluate(() =>
        fetch('/api/v1/billing', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ state: '06' }),
        }).then((r) => r.status),
      );
      expect(billing).toBe(200);
      await learner.reload(ready);
      await learner.getByRole('button', { name: 'Pay', exact: true }).click();
      await learner.locator('dialog.checkout-dialog').getByRole('button', { name: 'Pay', exact: true }).click();
      await learner.waitForURL(/\/purchases$/, ready);
      await learner.getByRole('heading', { name: 'Digital Marketing' }).waitFor();

      // The owner logs in and opens the money view.
      const admin = await ownerOnMoneyView();
      const problems = await axeViolations(admin, '/admin/money (desktop)');

      const card = admin.locator('.money-payment', { hasText: LEARNER.email });
      await card.waitFor();
      expect(await card.textContent()).toContain('₹2,49,000');
      expect(await card.textContent()).toContain('Captured');

      // Refund in full: the dialog asks for a reason first.
      await card.getByRole('button', { name: /^Refund / }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.waitFor();
      problems.push(...(await axeViolations(admin, '/admin/money (refund dialog)')));
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      await dialog.getByText('Enter the reason for the refund').waitFor();
      await dialog.getByLabel(/^Reason/).fill('Changed her mind within the week');
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      await card.getByText('Refund pending').waitFor();

      // The payment provider confirms it (the schedule would ask; the owner asks now).
      await card.getByRole('button', { name: 'Check status' }).click();
      await card.locator('.money-status-refunded').waitFor();
      await card.getByText('Processed').waitFor();
      expect(await card.getByRole('button', { name: /^Refund / }).count()).toBe(0);

      await admin.setViewportSize({ width: 390, height: 844 });
      problems.push(...(await axeViolations(admin, '/admin/money (phone)')));
      expect(problems).toEqual([]);

      // The learner's purchases no longer show the course.
      await learner.goto('/purchases', ready);
      await islandsSettled(learner);
      await learner.waitForFunction(() => !/Loading/i.test(document.querySelector('main')?.textContent ?? ''));
      expect(await learner.locator('.purchase-card').count()).toBe(0);
      const owned = await learner.evaluate(() =>
        fetch('/api/v1/user/purchases').then(async (r) => ((await r.json()) as { courseData: unknown[] }).courseData.length),
      );
      expect(owned).toBe(0);
      await learner.getByRole('heading', { name: 'Digital Marketing' }).waitFor({ state: 'detached' });

      // The refund email is in the outbox, once.
      const mails = await sql()<{ subject: string; text_body: string }[]>`
        select subject, text_body from email_outbox where to_address = ${LEARNER.email} and tag = 'refund-processed'`;
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Your Aspira refund: ₹2,49,000');
      expect(mails[0]!.text_body).toContain('We have refunded your purchase of Digital Marketing in full.');
      // With the credit note against the invoice, and its download link.
      const [note] = await sql()<{ number: string; id: string }[]>`
        select c.number, c.id::text as id from credit_notes c join invoices i on i.id = c.invoice_id
        join course_orders o on o.gateway_order_id = i.order_id where o.email = ${LEARNER.email}`;
      expect(note!.number).toMatch(/^ASPC\//);
      expect(mails[0]!.text_body).toContain(`Credit note: ${note!.number}`);
      const link = mails[0]!.text_body.match(/Download your credit note: (\S+)/)?.[1];
      expect(link).toContain(`/api/v1/credit-notes/${note!.id}/pdf`);
      // The link opens the credit note PDF without a login.
      const pdf = await fetch(new URL(new URL(link!).pathname + new URL(link!).search, learner.url()));
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
    },
  );

  it(
    'outside the 7-day policy the dialog asks for confirmation; a partial refund leaves the rest refundable',
    { timeout: 180_000 },
    async () => {
      const email = `late.learner.${stamp}@example.com`;
      const orderId = await boughtThroughApi(email, PM);
      await sql()`update payment_orders set paid_at = now() - interval '9 days' where id = ${orderId}`;
      const admin = await ownerOnMoneyView();
      const card = admin.locator('.money-payment', { hasText: email });
      await card.getByText('Outside the 7-day policy').waitFor();
      await card.getByRole('button', { name: /^Refund / }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByText('This payment was made more than 7 days ago, outside the refund policy.').waitFor();
      await dialog.getByLabel('Partial refund').check();
      await dialog.getByLabel(/^Amount to refund/).fill('1000.50');
      await dialog.getByLabel(/^Reason/).fill('Missed two sessions for a family event');
      const problems = await axeViolations(admin, '/admin/money (partial refund dialog)');
      // Not confirmed: the server refuses with the policy message, nothing is refunded.
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      await dialog.getByText(/outside the 7-day refund policy\. Tick/).waitFor();
      expect(await sql()`select count(*)::int as n from refunds where order_id = ${orderId}`).toEqual([{ n: 0 }]);
      await dialog.getByLabel('Refund outside the 7-day refund policy').check();
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      await card.getByText('Refund pending').waitFor();
      await card.getByRole('button', { name: 'Check status' }).click();
      await card.locator('.money-status-partially-refunded').waitFor();
      expect(await card.textContent()).toContain('(outside the policy)');
      // The rest can still be refunded.
      await card.getByRole('button', { name: /^Refund / }).click();
      await dialog.getByText('₹2,97,999.50', { exact: false }).first().waitFor();
      expect(problems).toEqual([]);
      const [row] = await sql()<{ amount_paise: string; status: string; outside_policy: boolean }[]>`
      select amount_paise, status, outside_policy from refunds where order_id = ${orderId}`;
      expect(row).toEqual({ amount_paise: '100050', status: 'processed', outside_policy: true });
    },
  );
});
