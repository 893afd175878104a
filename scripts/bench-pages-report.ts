/**
 * What the page bench holds each page to (docs/architecture.md, Budgets), and how it prints one:
 * the budget of each set of pages, a page's figures, the figures that miss it, and the tables (one
 * row per page, with the change against an earlier run when given one).
 */
import type { Bytes } from './lib/page-bytes.ts';
import type { PageSet } from './lib/product-pages.ts';

const KB = 1024;

/** Goals for marketing pages (stricter than the floor in docs/architecture.md, Budgets). */
export const BUDGET = {
  html: 14 * KB,
  css: 15 * KB,
  js: 5 * KB,
  total: 150 * KB,
  score: 100,
  fcp: 800,
  lcp: 1000,
  tbt: 50,
  cls: 0.02,
};

/** Learner and account pages (phone profile) and admin screens (desktop profile). */
export const PRODUCT_BUDGETS = {
  learner: { profile: 'mobile', fcp: 800, lcp: 1000, tbt: 50, cls: 0.02, js: 70 * KB, jsRequests: 12 },
  admin: { profile: 'desktop', fcp: 600, lcp: 1000, tbt: 50, cls: 0.02, js: 100 * KB, jsRequests: 18 },
} as const;

export const profileOf = (set: PageSet) => (set === 'marketing' ? 'mobile' : PRODUCT_BUDGETS[set].profile);

export type { Bytes };
export type PageResult = {
  path: string;
  /** Marketing pages before the sets existed carry none. */
  set?: PageSet;
  /** Who visited: guest, learner, unconfirmed, admin. */
  as?: string;
  /** Where the visit ended (a redirect shows here). */
  finalPath?: string;
  encoding: string;
  /** Brotli bytes of the document up to the end of its first <h1>: what the first round trip must carry. */
  firstPaint: number;
  /** Brotli bytes of the CSS inlined in the document (also counted in html). */
  inlineCss: number;
  html: Bytes;
  css: Bytes;
  js: Bytes;
  /** JavaScript the first interaction brought (islands that wait for the visitor). */
  jsAfter?: Bytes;
  images: Bytes;
  total: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
};

/**
 * The figures of a page that miss their goal. Marketing pages: CSS is inlined, so the HTML budget
 * applies to the document without its inline CSS, the CSS budget to inline plus linked CSS, and
 * the first round trip (14 KB) must carry everything up to the page's heading. Product pages: the
 * timings, and the JavaScript before the first interaction (bytes and requests).
 */
export function overBudget(r: PageResult): string[] {
  const over: string[] = [];
  const set = r.set ?? 'marketing';
  if (set !== 'marketing') {
    const b = PRODUCT_BUDGETS[set];
    if (r.js.brotli > b.js) over.push('JS');
    if (r.js.count > b.jsRequests) over.push('JS-requests');
    if (r.fcp > b.fcp) over.push('FCP');
    if (r.lcp > b.lcp) over.push('LCP');
    if (r.tbt > b.tbt) over.push('TBT');
    if (r.cls > b.cls) over.push('CLS');
    return over;
  }
  if (r.html.brotli - r.inlineCss > BUDGET.html) over.push('HTML');
  if (r.css.brotli + r.inlineCss > BUDGET.css) over.push('CSS');
  if (r.firstPaint > BUDGET.html) over.push('first-14KB');
  if (r.js.brotli > BUDGET.js) over.push('JS');
  if (r.total > BUDGET.total) over.push('total');
  for (const k of ['performance', 'accessibility', 'bestPractices', 'seo'] as const) if (r[k] < BUDGET.score) over.push(k);
  if (r.fcp > BUDGET.fcp) over.push('FCP');
  if (r.lcp > BUDGET.lcp) over.push('LCP');
  if (r.tbt > BUDGET.tbt) over.push('TBT');
  if (r.cls > BUDGET.cls) over.push('CLS');
  return over;
}

const kb = (n: number) => (n / KB).toFixed(1);
export const ms = (n: number) => String(Math.round(n));
const delta = (now: number, before: number | undefined, unit: (n: number) => string) =>
  before === undefined ? unit(now) : `${unit(now)} (${now - before >= 0 ? '+' : ''}${unit(now - before)})`;

const MARKETING_HEAD = [
  'page',
  'perf',
  'a11y',
  'bp',
  'seo',
  'FCP ms',
  'LCP ms',
  'TBT ms',
  'CLS',
  'HTML KB',
  'CSS KB',
  'to h1 KB',
  'JS KB',
  'total KB',
  'over',
];
const PRODUCT_HEAD = ['page', 'as', 'perf', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS KB', 'JS req', 'JS after KB', 'total KB', 'over'];

export function row(r: PageResult, previous?: PageResult): string[] {
  if ((r.set ?? 'marketing') !== 'marketing') {
    const after = r.jsAfter ?? { brotli: 0, count: 0, wire: 0 };
    return [
      r.path.length > 40 ? `${r.path.slice(0, 39)}…` : r.path,
      r.as ?? '',
      String(r.performance),
      delta(r.fcp, previous?.fcp, ms),
      delta(r.lcp, previous?.lcp, ms),
      delta(r.tbt, previous?.tbt, ms),
      r.cls.toFixed(3),
      delta(r.js.brotli, previous?.js.brotli, kb),
      delta(r.js.count, previous?.js.count, String),
      `${kb(r.js.brotli + after.brotli)} (${r.js.count + after.count})`,
      kb(r.total),
      overBudget(r).join(' ') || 'ok',
    ];
  }
  return [
    r.path,
    String(r.performance),
    String(r.accessibility),
    String(r.bestPractices),
    String(r.seo),
    delta(r.fcp, previous?.fcp, ms),
    delta(r.lcp, previous?.lcp, ms),
    delta(r.tbt, previous?.tbt, ms),
    r.cls.toFixed(3),
    delta(r.html.brotli, previous?.html.brotli, kb),
    kb(r.css.brotli + (r.inlineCss ?? 0)),
    kb(r.firstPaint ?? 0),
    delta(r.js.brotli, previous?.js.brotli, kb),
    kb(r.total),
    overBudget(r).join(' ') || 'ok',
  ];
}

export function printTable(rows: string[][], set: PageSet = 'marketing'): void {
  const head = set === 'marketing' ? MARKETING_HEAD : PRODUCT_HEAD;
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

export function goals(set: PageSet): string {
  if (set === 'marketing')
    return `Goals: scores ${BUDGET.score}, FCP <= ${BUDGET.fcp} ms, LCP <= ${BUDGET.lcp} ms, TBT <= ${BUDGET.tbt} ms, CLS <= ${BUDGET.cls}, HTML without inline CSS <= 14 KB, up to the h1 <= 14 KB, CSS <= 15 KB, JS <= 5 KB, total <= 150 KB (brotli).`;
  const b = PRODUCT_BUDGETS[set];
  return `Goals (${b.profile}): FCP <= ${b.fcp} ms, LCP <= ${b.lcp} ms, TBT <= ${b.tbt} ms, CLS <= ${b.cls}, JavaScript before the first interaction <= ${b.js / KB} KB (brotli) in <= ${b.jsRequests} requests. "JS after" = with what the first interaction brings (information, not budgeted).`;
}
