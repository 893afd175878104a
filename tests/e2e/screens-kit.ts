/** Shared by the screens tests: screenshots for a person to look at, when E2E_SHOTS names a folder. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { signupVerified } from './harness.ts';

const SHOTS = process.env.E2E_SHOTS;

export async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A confirmed learner logged in through the login form, as a person does; the page ends on /courses or `next`. */
export async function learnerLogIn(page: Page, learner: { email: string; password: string }, next = ''): Promise<void> {
  await page.goto(`/login${next ? `?next=${encodeURIComponent(next)}` : ''}`, { waitUntil: 'domcontentloaded' });
  const form = page.locator('main form').first();
  await form.hover();
  await page.locator('main form[data-ready]').first().waitFor({ timeout: 30_000 });
  await page.locator('main').getByLabel('Email').fill(learner.email);
  await page
    .locator('main')
    .getByLabel(/^Password/)
    .fill(learner.password);
  await page.locator('main').getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
}

export async function newLearner(email: string, password: string): Promise<{ email: string; password: string }> {
  await signupVerified('user', { email, password, firstName: 'Asha', lastName: 'Verma' });
  return { email, password };
}
