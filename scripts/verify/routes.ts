/**
 * Every route of the product on the served site: each page answers 200 with its built file
 * (rewrites serve their shell page), the case variants answer 301 to the lowercase page, and an
 * unknown address answers 404 with the 404 page. The content editor's page answers with its own
 * CSP and noindex, its configuration with JSON, and the public pages keep the site's CSP.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EDITOR_SECURITY_HEADERS, SECURITY_HEADERS } from '../../netlify/lib/platform/index.ts';
import { ROOT } from '../lib/database.ts';
import type { Report } from './report.ts';

export const FIXED_COURSES = ['d57', 'd68', 'd64', 'db0', 'd75'].map((end) => `6801c2a4f1e2b3c4d5e6f${end}`);

const PAGES = [
  '/', '/contactus', '/help', '/scholarship', '/popup', '/terms', '/faq', '/courses', '/purchases', '/Header',
  '/aspirademy', '/about', '/information', '/signup', '/success', '/tank', '/thank-you', '/aspiraadmit',
  '/aspiraelevate', '/aspiradiscover', '/login', '/settings', '/privacy', '/refund-policy', '/payment-methods',
  '/admin/signup', '/admin/login', '/admin/dashboard', '/admin/create-course', '/admin/our-courses', '/admin/leads',
  '/forgot-password', '/reset-password', '/verify-email', '/applications',
  '/admin/forgot-password', '/admin/reset-password', '/admin/verify-email', '/admin/queue', '/admin/team',
  '/admin/audit', '/admin/person', '/admin/insights', '/admin/money', '/admin/privacy',
  '/instalments', '/admin/plans', '/admin/dues', '/admin/codes', '/admin/operations', '/content-editor',
  '/choices', '/parent-consent', '/privacy-request', '/admin/breach', '/whatsapp/confirm',
]; // prettier-ignore

const CASE_VARIANTS = ['AspiraAdmit', 'AspiraDiscover', 'AspiraElevate', 'AspiraDemy', 'ASPIRAADMIT', 'Aspiradiscover'];

const distFile = (path: string) => join(ROOT, 'dist', path === '/' ? 'index.html' : `${path.slice(1)}.html`);

async function get(url: string): Promise<{ status: number; body: string; location: string | null }> {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, body: await response.text(), location: response.headers.get('location') };
}

/** A page check: the status, and that the body is the file the build made for it. */
async function page(report: Report, base: string, path: string, file: string, status = 200): Promise<void> {
  const answer = await get(`${base}${path}`);
  const expected = readFileSync(file, 'utf8');
  const same = answer.body === expected;
  report.add(
    `GET ${path}`,
    `${status} ${file.slice(ROOT.length + 6)}`,
    `${answer.status} ${same ? file.slice(ROOT.length + 6) : 'other body'}`,
  );
}

export async function checkRoutes(report: Report, base: string, created: { courseId: string }): Promise<void> {
  for (const path of PAGES) await page(report, base, path, distFile(path));
  for (const id of FIXED_COURSES) await page(report, base, `/course/${id}`, distFile(`/course/${id}`));
  for (const file of readdirSync(join(ROOT, 'dist', 'careers'))) {
    const path = `/careers/${file.replace(/\.html$/, '')}`;
    await page(report, base, path, distFile(path));
  }
  // Rewrites to shell pages whose islands read the id from the address.
  await page(report, base, `/buy/${FIXED_COURSES[0]}`, distFile('/buy/view'));
  await page(report, base, `/buy/${created.courseId}`, distFile('/buy/view'));
  await page(report, base, `/course/${created.courseId}`, distFile('/course/view'));
  await page(report, base, `/admin/update-course/${created.courseId}`, distFile('/admin/update-course'));
  for (const variant of CASE_VARIANTS) {
    const answer = await get(`${base}/${variant}`);
    const target = `/${variant.toLowerCase()}`;
    const location = answer.location ? new URL(answer.location, base).pathname : '-';
    report.add(`GET /${variant}`, `301 ${target}`, `${answer.status} ${location}`);
  }
  await page(report, base, '/no-such-page', distFile('/404'), 404);
  await checkContentSecurity(report, base);
}

/** Which CSP each kind of page answers with: the editor's own on its page, the site's everywhere else. */
async function checkContentSecurity(report: Report, base: string): Promise<void> {
  const csp = async (path: string) => {
    const response = await fetch(`${base}${path}`);
    await response.arrayBuffer(); // a body left unread trips undici when the server closes the connection
    return response.headers;
  };
  const editor = await csp('/content-editor');
  report.add(
    'CSP of /content-editor',
    'the editor’s',
    editor.get('content-security-policy') === EDITOR_SECURITY_HEADERS['Content-Security-Policy'] ? 'the editor’s' : 'other',
  );
  report.add('X-Robots-Tag of /content-editor', 'noindex, nofollow', editor.get('x-robots-tag') ?? '-');
  for (const path of ['/', '/privacy', '/aspiraelevate']) {
    const value = (await csp(path)).get('content-security-policy');
    report.add(`CSP of ${path}`, 'the site’s', value === SECURITY_HEADERS['Content-Security-Policy'] ? 'the site’s' : 'other');
  }
  const config = await fetch(`${base}/content-editor/config.json`);
  const collections = config.ok ? ((await config.json()) as { collections: unknown[] }).collections.length : 0;
  report.add('GET /content-editor/config.json', '200 with 12 collections', `${config.status} with ${collections} collections`);
}
