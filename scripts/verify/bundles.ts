/**
 * The function bundles Netlify's build made (zip-it-and-ship-it, in `netlify serve`'s build): each
 * one's zipped size, its cold import time in a fresh Node process (median of 3; a public one over
 * budget is measured again, median of 5), and the security headers on an answer from the bundled
 * code itself. Netlify applies netlify.toml's [[headers]] only to
 * files it serves, and its CLI adds them to function answers too, so only the bundle can tell.
 */
import { spawnSync } from 'node:child_process';
import type { Bundles } from './bundled.ts';
import type { Report } from './report.ts';

/** Public functions answer visitors: small bundles, fast cold starts. Admin-only ones may be larger. */
const PUBLIC = [
  'courses', 'leads', 'otp', 'registrations', 'payments', 'orders', 'users', 'images',
  'account-recovery', 'applications', 'privacy', 'invoices', 'codes', 'instalments', 'health', 'mail-webhook', 'whatsapp', 'zoom-webhook',
  'choices', 'parent-consent', 'rights-requests',
  'documents', 'vitals',
  // Learners' classes: the checkout's batches, /learn and check-in, the calendar feed, the sandbox's join page.
  'batches', 'classes', 'calendar', 'zoom-sandbox',
]; // prettier-ignore
/**
 * Applicant-facing but outside the public budget, each with its reason: its size and cold import are
 * shown, not judged. documents-check judges an upload's bytes with sharp (native libvips, about 8 MB)
 * and the PDF reader; it serves only the upload's confirm, once per file, so its cold start never
 * slows the checklist, the upload's first step or the team's screens (docs/architecture.md, Documents).
 */
const INSPECTION: Record<string, string> = {
  'documents-check': 'sharp and the PDF reader, for the upload confirm only',
  'image-widths': "sharp, for a course picture's smaller widths: each is made once, then the CDN serves it",
};
const MAX_PUBLIC_BYTES = 2 * 1024 * 1024;
const MAX_PUBLIC_IMPORT_MS = 150;
export const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
];

/** Imports the bundled module, timing it, and (for HTTP functions) asks it for one answer. */
const PROBE = `
const t0 = performance.now();
const mod = await import(process.argv[1]);
const ms = performance.now() - t0;
let headers = null;
if (process.argv[2]) {
  const response = await mod.default(new Request(process.argv[2], { method: 'PATCH' }), {});
  headers = Object.fromEntries(response.headers);
}
console.log(JSON.stringify({ ms, headers }));
process.exit(0);
`;

export function checkBundles(report: Report, bundles: Bundles, options: { node: string; env: NodeJS.ProcessEnv }): void {
  for (const fn of bundles.functions) {
    const isPublic = PUBLIC.includes(fn.name);
    // A path the function owns, with a method none of its routes takes: answered without a database.
    const path = fn.routes[0]?.pattern.replace(/:[a-zA-Z]+/g, 'x');
    const measure = (times: number) =>
      Array.from({ length: times }, () => probe(options.node, fn.entry, path ? `http://localhost${path}` : '', options.env));
    const runs = measure(3);
    let ms = median(runs.map((r) => r.ms));
    // A public bundle over budget is measured once more (median of 5): a busy moment on a shared
    // machine slows every import alike, while a bundle that is really too slow stays over.
    if (isPublic && ms > MAX_PUBLIC_IMPORT_MS) ms = Math.min(ms, median(measure(5).map((r) => r.ms)));
    const size = `${(fn.bytes / 1024 / 1024).toFixed(2)} MB`;
    const time = `${Math.round(ms)} ms`;
    if (INSPECTION[fn.name]) {
      report.add(`bundle ${fn.name} (inspection: ${INSPECTION[fn.name]})`, 'any', `${size}, ${time}`, true);
    } else if (isPublic) {
      const ok = fn.bytes <= MAX_PUBLIC_BYTES && ms <= MAX_PUBLIC_IMPORT_MS;
      report.add(`bundle ${fn.name} (public)`, `<= 2.00 MB, <= ${MAX_PUBLIC_IMPORT_MS} ms`, `${size}, ${time}`, ok);
    } else {
      report.add(`bundle ${fn.name} (${path ? 'admin' : 'scheduled'})`, 'any', `${size}, ${time}`, true);
    }
    const headers = runs[0]!.headers;
    if (headers) {
      const missing = SECURITY_HEADERS.filter((h) => !headers[h]);
      report.add(
        `headers ${fn.name} PATCH ${path}`,
        'all security headers',
        missing.length ? `missing ${missing.join(', ')}` : 'all security headers',
      );
    }
  }
}

function probe(node: string, entry: string, url: string, env: NodeJS.ProcessEnv): { ms: number; headers: Record<string, string> | null } {
  const run = spawnSync(node, ['--input-type=module', '-e', PROBE, entry, url], { env, encoding: 'utf8', timeout: 30_000 });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line);
  } catch {
    throw new Error(`could not import ${entry}:\n${run.stderr}`);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
