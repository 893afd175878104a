/**
 * E2E helpers: the served site's URL, a Chromium page (playwright-core on Debian's Chromium) and
 * SQL access to the site's database. `e2e.describe` skips the suite when no browser is installed.
 */
import { afterAll, describe, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import postgres from 'postgres';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/database.ts';
import { build } from '../support/factories.ts';

export const chromePath = inject('chromePath');
export const baseUrl = inject('e2eBaseUrl');

/** `describe` when Chromium is available, `describe.skip` otherwise (global setup said so loudly). */
export const e2eDescribe = chromePath ? describe : describe.skip;

let browser: Browser | undefined;
let sqlClient: postgres.Sql | undefined;
const contexts: BrowserContext[] = [];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * Every request of the suite comes from 127.0.0.1, where real visitors each have an address of
 * their own: the per-address counters (buckets named `…-ip`) start over for each new visitor, so
 * one journey's OTPs and registrations do not use up the next one's allowance.
 */
export async function newVisitorAddress(): Promise<void> {
  await sql()`delete from rate_limits where split_part(key, ':', 1) like '%-ip'`;
}

/** A fresh browser context (own cookies and storage) and page, as a new visitor. Viewport defaults to a phone; `javaScript: false` turns it off. */
export async function newPage(options: { width?: number; height?: number; javaScript?: boolean } = {}): Promise<Page> {
  await newVisitorAddress();
  browser ??= await chromium.launch({ executablePath: chromePath!, args: CHROMIUM_ARGS });
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 390, height: options.height ?? 844 },
    javaScriptEnabled: options.javaScript ?? true,
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** SQL on the database the served site uses. */
export function sql(): postgres.Sql {
  sqlClient ??= postgres(inject('e2eDatabaseUrl'), { max: 2, onnotice: () => {} });
  return sqlClient;
}

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => {});
  await browser?.close();
  browser = undefined;
  await sqlClient?.end({ timeout: 5 });
  sqlClient = undefined;
});

export type Role = 'user' | 'admin';

/**
 * Signs up through the API (as the signup form does) and confirms the email the way its link
 * would: a learner who can buy, or an admin who can log in. An admin who signs up with the invite
 * code joins as a counsellor; `adminRole` 'owner' then promotes them, as an owner would at
 * /admin/team. The caller logs in as it needs.
 */
export async function signupVerified(
  role: Role,
  person: { email: string; password: string; firstName?: string; lastName?: string },
  adminRole: 'owner' | 'counsellor' = 'owner',
): Promise<void> {
  const named = {
    firstName: person.firstName ?? 'Test',
    lastName: person.lastName ?? (role === 'admin' ? 'Admin' : 'Learner'),
    email: person.email,
    password: person.password,
  };
  const body = role === 'admin' ? build.adminSignup({ ...named, inviteCode: 'e2e-invite-code' }) : build.signup(named);
  const res = await fetch(`${baseUrl}/api/v1/${role}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  await confirmEmail(person.email, role);
  if (role === 'admin')
    await sql()`update accounts set admin_role = ${adminRole} where role = 'admin' and email = ${person.email.toLowerCase()}`;
}

/** Marks the account's email confirmed (what opening its verification link does). */
export async function confirmEmail(email: string, role: Role = 'user'): Promise<void> {
  const rows = await sql()`update accounts set email_verified_at = coalesce(email_verified_at, now())
    where role = ${role} and email = ${email.toLowerCase()} returning id`;
  if (rows.length !== 1) throw new Error(`no ${role} account for ${email}`);
}

/**
 * The newest link of this kind ('verify-email' or 'reset-password') emailed to `email`, read from
 * the outbox (the local site delivers to the console, so the body is kept). Waits for it a little.
 */
export async function emailedLink(email: string, tag: 'verify-email' | 'reset-password', after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [row] = await sql()<{ id: string; text_body: string }[]>`
      select id::text as id, text_body from email_outbox
      where to_address = ${email.toLowerCase()} and tag = ${tag} and id > ${after} order by id desc limit 1`;
    const link = row?.text_body.match(/https?:\/\/\S+token=[\w-]+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${tag} email for ${email}`);
}

/** The code of the newest OTP email to this address. */
export async function emailedOtp(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [row] = await sql()<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${email} and tag = 'otp' order by id desc limit 1`;
    const code = row?.text_body.match(/verification code is (\d{6})/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no OTP email for ${email}`);
}

/** Logs an admin in through the admin login form, once it is alive; the page ends on /admin/dashboard. */
export async function adminLogIn(page: Page, person: { email: string; password: string }): Promise<void> {
  await page.goto('/admin/login', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Admin login' });
  await form.waitFor({ timeout: 30_000 });
  await islandsSettled(page);
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password').fill(person.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/admin/dashboard');
}

export type AdminPerson = { email: string; password: string; firstName: string; lastName: string };

/** A project script (`scripts/<file>`) with arguments, against the database the served site uses. */
export function runScript(file: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', file), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: inject('e2eDatabaseUrl'), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** `npm run create-admin` with flags (an owner, confirmed). */
export function createAdminFromTerminal(person: AdminPerson): Promise<{ code: number | null; output: string }> {
  const args = ['--email', person.email, '--first-name', person.firstName, '--last-name', person.lastName, '--password', person.password];
  return runScript('create-admin.ts', args);
}

/**
 * Islands that start by themselves (client:load and client:only, and client:interaction="paint" after
 * the first paint) have hydrated: Astro drops `ssr` then. A form that waits for the visitor's first
 * intent (client:interaction) is not waited for: typing into it starts it, and a submit is held
 * until it is alive.
 */
export async function islandsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('main astro-island[ssr]:not([client="interaction"]:not([opts*="paint"]))'),
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * /information's form, alive: it comes alive on the visitor's first intent (a saved step starts it
 * at once), so a pointer over it, then its ready mark.
 */
export async function registrationAlive(page: Page): Promise<void> {
  await page.getByRole('form', { name: 'Registration' }).hover();
  await page.locator('.reg[data-ready]').waitFor({ timeout: 30_000 });
}

/** /information's first step done as a visitor does it: the email, its emailed code, "Email verified". */
export async function verifyRegistrationEmail(page: Page, email: string): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Registration' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send OTP' }).click();
  await form.getByLabel('OTP').fill(await emailedOtp(email));
  await form.getByRole('button', { name: 'Verify OTP' }).click();
  await form.getByText('Email verified').waitFor();
  return form;
}

/** The page's island has hydrated and its data has loaded (no `busy` text left in <main>). */
export async function settled(page: Page, busy: RegExp = /Loading/i): Promise<void> {
  await islandsSettled(page);
  await page.waitForFunction(
    (pattern) => !new RegExp(pattern.source, pattern.flags).test(document.querySelector('main')?.textContent ?? ''),
    {
      source: busy.source,
      flags: busy.flags,
    },
    { timeout: 30_000 },
  );
}
