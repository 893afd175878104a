import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import {
  adminLogIn,
  baseUrl,
  createAdminFromTerminal,
  e2eDescribe,
  emailedOtp,
  newPage,
  runScript,
  settled,
  signupVerified,
  sql,
  islandsSettled,
  newVisitorAddress,
} from './harness.ts';
import { build } from '../support/factories.ts';

const stamp = Date.now().toString(36);
const LEARNER = { email: `plan.learner.${stamp}@example.com`, password: 'learn2grow!', firstName: 'Meera', lastName: 'Iyer' };
const OWNER = { email: `plan-owner-${stamp}@aspira.example`, password: 'owner-plans-pass-1', firstName: 'Kabir', lastName: 'Rao' };
const ready = { waitUntil: 'domcontentloaded' } as const;
const SHOTS = process.env.E2E_SHOTS; // a folder: screenshots for a person to look at

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function send(method: string, path: string, body?: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const data = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(data)}`);
  return data;
}

/** The ₹11,000 AspiraAdmit registration fee, paid in the sandbox with the learner's email (OTP read from the outbox). */
async function payAdmitFee(email: string): Promise<void> {
  await newVisitorAddress();
  await send('POST', '/otp/send', { email });
  const code = await emailedOtp(email);
  const { verificationToken } = await send('POST', '/otp/verify', { email, otp: code });
  const form = build.registration({
    name: 'Meera Iyer',
    email,
    phone: '+91 98765 43210',
    fatherName: 'Ravi Iyer',
    dateOfBirth: '1998-05-14',
    qualification: 'B.Sc',
    highschool: '88',
    university: '',
    sop: 'I want to study in France.',
    experience: '',
    motivation: 'A degree from a public university.',
  });
  const { registrationToken } = await send('POST', '/user/register-unpaid', { ...form, verificationToken });
  const order = (await send('POST', '/payment/create-order', { registrationToken, feeOption: 'admit', state: '29' })) as {
    order: { id: string; amount: number };
  };
  expect(order.order.amount).toBe(1_100_000);
  const { success: _s, ...result } = await send('POST', '/payment/sandbox/pay', { orderId: order.order.id, outcome: 'success' });
  await send('POST', '/user/register-paid', { registrationToken, ...result });
}

/** `npm run reminders -- --at <ISO>` against the site's database: its printed lines. */
const remindersAt = (at: Date) => runScript('instalment-reminders.ts', ['--at', at.toISOString()]);

e2eDescribe('fee plans paid in instalments', () => {
  it(
    'a learner who paid the AspiraAdmit fee enrols, pays part 1, sees parts 2-4 due, gets a reminder when the clock moves; admins see the dues',
    { timeout: 240_000 },
    async () => {
      await signupVerified('user', LEARNER);
      await payAdmitFee(LEARNER.email);

      const page = await newPage({ width: 1280, height: 800 });
      page.setDefaultTimeout(30_000);
      await page.goto(`/login?next=${encodeURIComponent('/instalments')}`, ready);
      await islandsSettled(page);
      await page.locator('main').getByLabel('Email').fill(LEARNER.email);
      await page
        .locator('main')
        .getByLabel(/^Password/)
        .fill(LEARNER.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/instalments$/, ready);
      await settled(page);
      expect(await page.getByRole('link', { name: 'Fee plans' }).getAttribute('aria-current')).toBe('page');
      const problems = await axeViolations(page, '/instalments (plans)');
      await shot(page, 'instalments-plans-desktop');

      // Enrol in the AspiraAdmit plan.
      const card = page.getByRole('region', { name: 'AspiraAdmit fee in 4 parts' }).first();
      expect(await card.textContent()).toContain('₹2,00,000');
      await card.getByRole('button', { name: 'Enrol in AspiraAdmit fee in 4 parts' }).click();
      const schedule = page.locator('.plan-schedule', { hasText: 'AspiraAdmit fee in 4 parts' });
      await schedule.waitFor();
      expect(await schedule.locator('.plan-chip-due').count()).toBe(4);

      // Billing state, then Pay now for part 1 through the sandbox checkout.
      await page
        .locator('.plan-billing')
        .getByLabel(/^State/)
        .selectOption('29');
      await schedule.getByRole('button', { name: 'Pay now: Part 1, ₹50,000' }).click();
      await page.locator('dialog.checkout-dialog').getByRole('button', { name: 'Pay', exact: true }).click();
      await schedule.locator('.plan-chip-paid').waitFor();
      const rows = schedule.locator('tbody tr');
      expect(await rows.nth(0).textContent()).toMatch(/Part 1.*₹50,000.*Paid.*Invoice \(PDF\)/);
      for (const n of [1, 2, 3]) expect(await rows.nth(n).textContent()).toMatch(new RegExp(`Part ${n + 1}.*₹50,000.*Due.*Pay now`));
      expect(await schedule.textContent()).toContain('Still due ₹1,50,000');
      problems.push(...(await axeViolations(page, '/instalments (schedule)')));
      await shot(page, 'instalments-schedule-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      problems.push(...(await axeViolations(page, '/instalments (phone)')));
      await shot(page, 'instalments-schedule-phone');

      // 26 days later (part 2 is due in 4 days): the reminder, once.
      const [enrolment] = await sql()<{ created_at: Date }[]>`
        select e.created_at from plan_enrolments e join accounts a on a.id = e.account_id where a.email = ${LEARNER.email}`;
      const later = new Date(enrolment!.created_at.getTime() + 26 * 86_400_000);
      const run = await remindersAt(later);
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(new RegExp(`Sent upcoming reminder: part \\d+ due \\S+ to ${LEARNER.email.replace(/\./g, '\\.')}`));
      const reminders = await sql()<{ subject: string; text_body: string }[]>`
        select subject, text_body from email_outbox where to_address = ${LEARNER.email} and tag like 'instalment-reminder-%'`;
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.subject).toMatch(/^Reminder: Part 2 of your Aspira fee plan is due on /);
      expect(reminders[0]!.text_body).toContain('Amount: ₹50,000');
      const again = await remindersAt(later);
      expect(again.output).not.toContain(LEARNER.email);

      // An owner: /admin/dues lists parts 2-4 for the learner; /admin/plans shows the plan.
      expect((await createAdminFromTerminal(OWNER)).code).toBe(0);
      const admin = await newPage({ width: 1280, height: 800 });
      admin.setDefaultTimeout(30_000);
      await adminLogIn(admin, OWNER);
      await admin.goto('/admin/dues', ready);
      await settled(admin);
      const learnerRows = admin.locator('tbody tr', { hasText: LEARNER.email });
      await learnerRows.first().waitFor();
      expect(await learnerRows.count()).toBe(3);
      expect((await learnerRows.allTextContents()).map((t) => t.match(/Part \d/)?.[0])).toEqual(['Part 2', 'Part 3', 'Part 4']);
      problems.push(...(await axeViolations(admin, '/admin/dues')));
      await shot(admin, 'admin-dues-desktop');
      await admin.goto('/admin/plans', ready);
      await settled(admin);
      await admin.getByRole('heading', { name: /AspiraAdmit fee in 4 parts/ }).waitFor();
      problems.push(...(await axeViolations(admin, '/admin/plans')));
      await shot(admin, 'admin-plans-desktop');
      await admin.setViewportSize({ width: 390, height: 844 });
      problems.push(...(await axeViolations(admin, '/admin/plans (phone)')));
      await shot(admin, 'admin-plans-phone');
      expect(problems).toEqual([]);
    },
  );
});
