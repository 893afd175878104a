/**
 * The forms where a visitor becomes a learner are the page's HTML until the visitor acts
 * (client:interaction): nothing of the framework loads before, and what is typed or ticked before
 * the form's code has arrived is still there once it has; a submit (or Send OTP) pressed that
 * early is done once, then. The scripts are held back until `release()`: a slow connection, made exact.
 */
import { expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { baseUrl, e2eDescribe, newPage } from './harness.ts';
import { holdScripts } from './islands.ts';
import { catalogueSignature } from '../../src/components/catalogue/shared.ts';
import type { CourseDto } from '../../src/shared/course.ts';

/** Every POST to this API path, as JSON. */
function posts(page: Page, path: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/v1${path}`) bodies.push(request.postDataJSON());
  });
  return bodies;
}

const unique = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
/** The island's code (React, a form) among the files a page fetched. */
const islandCode = (name: string) => /^(react|zod|forms|pay|client|LoginForm|SignupForm|Registration|BuyCourse)\./.test(name);

e2eDescribe('forms typed into before their script arrives', () => {
  it('/login: the email, the password and a ticked Show password are kept; the early Log in is sent once', async () => {
    const page = await newPage();
    const release = await holdScripts(page);
    const sent = posts(page, '/user/login');
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const form = page.locator('main form');
    await form.locator('[name="email"]').fill('early.bird@example.com');
    await form.locator('[name="password"]').fill('typed before the script');
    await form.getByLabel('Show password').check();
    await form.getByRole('button', { name: 'Log in' }).click();
    expect(await page.locator('main form[data-ready]').count()).toBe(0);
    expect(sent).toEqual([]);

    release();
    await page.locator('main form[data-ready]').waitFor({ timeout: 30_000 });
    await form.getByText('Invalid email or password').waitFor();
    expect(sent).toEqual([{ email: 'early.bird@example.com', password: 'typed before the script' }]);
    expect(await form.locator('[name="email"]').inputValue()).toBe('early.bird@example.com');
    expect(await form.locator('[name="password"]').inputValue()).toBe('typed before the script');
    expect(await form.locator('[name="password"]').getAttribute('type')).toBe('text');
    expect(await form.getByLabel('Show password').isChecked()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('/signup: every field and a ticked Show password are kept; the early Create account creates it once', async () => {
    const page = await newPage();
    const release = await holdScripts(page);
    const sent = posts(page, '/user/signup');
    await page.goto('/signup', { waitUntil: 'domcontentloaded' });
    const form = page.locator('main form');
    const email = unique('early.signup');
    await form.locator('[name="firstName"]').fill('Meera');
    await form.locator('[name="lastName"]').fill('Iyer');
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="password"]').fill('quiet lantern orchard');
    await form.getByLabel('Show password').check();
    await form.getByRole('button', { name: 'Create account' }).click();
    expect(sent).toEqual([]);

    release();
    await page.waitForURL(/\/login\?email=/, { timeout: 30_000 });
    // The age question left unticked: no parent's details, the notice read in English.
    expect(sent).toEqual([
      {
        firstName: 'Meera',
        lastName: 'Iyer',
        email,
        password: 'quiet lantern orchard',
        under18: false,
        parentName: '',
        parentEmail: '',
        parentPhone: '',
        noticeLanguage: 'en',
      },
    ]);
  });

  it('/signup: what was typed is in the form once it is alive, Show password still ticked', async () => {
    const page = await newPage();
    const release = await holdScripts(page);
    await page.goto('/signup', { waitUntil: 'domcontentloaded' });
    const form = page.locator('main form');
    await form.locator('[name="firstName"]').fill('Ravi');
    await form.locator('[name="password"]').fill('short');
    await form.getByLabel('Show password').check();
    release();
    await page.locator('main form[data-ready]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);
    expect(await form.locator('[name="firstName"]').inputValue()).toBe('Ravi');
    expect(await form.locator('[name="password"]').inputValue()).toBe('short');
    expect(await form.locator('[name="password"]').getAttribute('type')).toBe('text');
    expect(await form.getByLabel('Show password').isChecked()).toBe(true);
    // The form's own check now speaks for the short password (the strength meter counts).
    await form.getByText('5 of at least 8 characters').waitFor();
  });

  it('/information: the email and details are kept, and Send OTP pressed early sends the code once', async () => {
    const page = await newPage();
    const release = await holdScripts(page);
    const sent = posts(page, '/otp/send');
    await page.goto('/information', { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('form', { name: 'Registration' });
    const email = unique('early.registration');
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="name"]').fill('Asha Verma');
    await form.locator('[name="phone"]').fill('+91 98765 43210');
    await form.locator('[name="highschool"]').fill('86.5');
    await form.locator('[name="motivation"]').fill('Typed while the page was still arriving.');
    await form.getByRole('button', { name: 'Send OTP' }).click();
    expect(sent).toEqual([]);

    release();
    await page.locator('.reg[data-ready]').waitFor({ timeout: 30_000 });
    await form.getByRole('button', { name: /Resend OTP in \d+s/ }).waitFor({ timeout: 30_000 });
    expect(sent).toEqual([{ email }]);
    expect(await form.locator('[name="email"]').inputValue()).toBe(email);
    expect(await form.locator('[name="name"]').inputValue()).toBe('Asha Verma');
    expect(await form.locator('[name="phone"]').inputValue()).toBe('+91 98765 43210');
    expect(await form.locator('[name="highschool"]').inputValue()).toBe('86.5');
    expect(await form.locator('[name="motivation"]').inputValue()).toBe('Typed while the page was still arriving.');
  });

  it('no island code loads before the first interaction on the form pages, and the form comes on the first focus', async () => {
    const page = await newPage();
    for (const path of ['/login', '/signup', '/information', '/forgot-password', '/courses']) {
      const fetched: string[] = [];
      const note = (request: Request) => {
        if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname.split('/').pop()!);
      };
      page.on('request', note);
      await page.goto(path, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.scripts === 'ready');
      await page.waitForLoadState('networkidle');
      if (path === '/courses' && (await catalogueChangedSinceBuild(page))) {
        // Other journeys added courses after the build: the list comes alive at once to show them.
        expect(fetched.filter(islandCode).length, path).toBeGreaterThan(0);
        page.off('request', note);
        continue;
      }
      expect(fetched.filter(islandCode), path).toEqual([]);
      await page.locator('main form input:not([type=hidden])').first().focus();
      await page.locator('main form[data-ready]').first().waitFor({ timeout: 30_000 });
      expect(fetched.filter(islandCode).length, path).toBeGreaterThan(0);
      page.off('request', note);
    }
  });
});

/** Whether the catalogue the API serves differs from the one /courses was built with. */
async function catalogueChangedSinceBuild(page: Page): Promise<boolean> {
  const built = await page.locator('[data-courses]').getAttribute('data-courses');
  const { courses } = (await (await fetch(`${baseUrl}/api/v1/course/courses`)).json()) as { courses: CourseDto[] };
  return catalogueSignature(courses) !== built;
}
