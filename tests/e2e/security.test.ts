/**
 * Attacks that only a browser shows: an open redirect after a real login (learner and admin),
 * and inline scripts. Every page runs under the CSP with zero violations, and every inline script
 * the build emits is one the CSP allows by hash.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { INLINE_SCRIPT_HASHES } from '../../netlify/lib/platform/index.ts';
import { baseUrl, e2eDescribe, newPage, signupVerified, sql } from './harness.ts';

const DIST = join(import.meta.dirname, '..', '..', 'dist');
const PASSWORD = 'Quiet-harbor-lantern-42';
const stamp = Date.now();

function htmlFiles(dir = DIST): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? htmlFiles(join(dir, entry.name)) : entry.name.endsWith('.html') ? [join(dir, entry.name)] : [],
  );
}

/** Each next= an attacker would try; a browser turns most of them into a way off the site. */
const NEXT_ATTACKS = [
  '//evil.example/',
  '/\\evil.example/',
  '/\\/evil.example/',
  '\\\\evil.example/',
  '/\t/evil.example/',
  '/\n/evil.example/',
  '/%2F%2Fevil.example/',
  '/%5Cevil.example/',
  'https://evil.example/',
  'javascript:alert(document.domain)',
  '//user@evil.example/',
  ' //evil.example/',
];

async function signUp(kind: 'user' | 'admin', email: string) {
  await signupVerified(kind, { email, password: PASSWORD, firstName: 'Redirect', lastName: kind === 'user' ? 'Test' : 'Admin' });
}

/** Logs in through the form with ?next= and answers where the browser ended up. */
async function loginWithNext(loginPath: string, email: string, next: string): Promise<URL> {
  const page = await newPage({ width: 1280, height: 800 });
  // The login limits count every try from this one address; this test makes many on purpose.
  await sql()`delete from rate_limits where key like '%login%'`;
  await page.goto(`${loginPath}?next=${encodeURIComponent(next)}`, { waitUntil: 'domcontentloaded' });
  const form = page.locator('form.auth-form, form.admin-form');
  await form.waitFor().catch((error: Error) => {
    throw new Error(`${next}: ${page.url()}: ${error.message}`);
  });
  await page.waitForFunction(() => !document.querySelector('main astro-island[ssr] form'));
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/^Password/).fill(PASSWORD);
  const leaving = page.waitForURL((url) => !url.pathname.endsWith('/login'), { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Log in' }).click();
  await leaving;
  const landed = new URL(page.url());
  await page.context().close();
  return landed;
}

e2eDescribe('security in the browser', () => {
  it('after a real learner login, ?next= never leaves the site', { timeout: 180_000 }, async () => {
    const email = `next.${stamp}@example.com`;
    await signUp('user', email);
    for (const next of NEXT_ATTACKS) {
      const landed = await loginWithNext('/login', email, next);
      expect(`${landed.origin}${landed.pathname}`, `next=${JSON.stringify(next)}`).toBe(`${baseUrl}/courses`);
    }
    expect((await loginWithNext('/login', email, '/purchases')).pathname).toBe('/purchases');
  });

  it('after a real admin login, ?next= stays inside the admin', { timeout: 180_000 }, async () => {
    const email = `next.admin.${stamp}@aspira.example`;
    await signUp('admin', email);
    for (const next of [...NEXT_ATTACKS, '/purchases']) {
      const landed = await loginWithNext('/admin/login', email, next);
      expect(`${landed.origin}${landed.pathname}`, `next=${JSON.stringify(next)}`).toBe(`${baseUrl}/admin/dashboard`);
    }
    expect((await loginWithNext('/admin/login', email, '/admin/leads')).pathname).toBe('/admin/leads');
  });

  it('every inline script of the build is allowed by hash (the CSP has no unsafe-inline for scripts)', async () => {
    const allowed = new Set(INLINE_SCRIPT_HASHES);
    const missing = new Map<string, string>();
    for (const file of htmlFiles()) {
      const html = readFileSync(file, 'utf8');
      for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (/\bsrc=/.test(attrs!) || /application\/(ld\+)?json/.test(attrs!)) continue;
        const hash = `sha256-${createHash('sha256').update(body!).digest('base64')}`;
        if (!allowed.has(hash)) missing.set(hash, `${relative(DIST, file)}: ${body!.trim().slice(0, 60)}`);
      }
    }
    // The build writes INLINE_SCRIPT_HASHES from these pages (src/integrations/page-plumbing/csp.ts): a miss is a stale build.
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it('an injected inline script or event handler does not run', async () => {
    const page = await newPage();
    await page.goto('/contactus', { waitUntil: 'load' });
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { injected?: number };
      const script = document.createElement('script');
      script.textContent = 'window.injected = 1';
      document.head.append(script);
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.injected = 2');
      img.src = 'data:,broken';
      document.body.append(img);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return w.injected ?? 0;
    });
    expect(ran).toBe(0);
  });

  it('every page runs its islands with zero CSP violations', { timeout: 240_000 }, async () => {
    const page = await newPage({ width: 1280, height: 800 });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (execute|load|apply|frame|connect)/i.test(message.text())) {
        violations.push(`${page.url()}: ${message.text()}`);
      }
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const paths = htmlFiles()
      .map((file) => `/${relative(DIST, file).replace(/\.html$/, '')}`.replace(/\/index$/, '/'))
      // The content editor runs under its own CSP: tests/e2e/content-editor.test.ts checks it.
      .filter((path) => !/^\/(404|Header|content-editor)$/.test(path));
    for (const path of paths) {
      // Pages behind a login send the browser on to /login: that interrupts goto, not the test.
      await page.goto(path, { waitUntil: 'load' }).catch((error: Error) => {
        if (!/ERR_ABORTED|interrupted/.test(error.message)) throw error;
      });
      await page.waitForTimeout(200);
      await page.waitForLoadState('load');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)).catch(() => page.waitForLoadState('load'));
      await page.waitForFunction(
        () => !document.querySelector('astro-island[ssr][client="load"], astro-island[ssr][client="only"]'),
        null,
        {
          timeout: 15_000,
        },
      );
    }
    expect(paths.length).toBeGreaterThan(20);
    expect(violations).toEqual([]);
  });
});
