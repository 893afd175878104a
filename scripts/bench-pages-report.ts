/**
 * What the page bench holds a marketing page to, and how it prints one: the budget, a page's
 * figures, the figures that miss it, and the table (one row per page, with the change against an
 * earlier run when given one).
 */
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

export type Bytes = { wire: number; brotli: number; count: number };
export type PageResult = {
  path: string;
  encoding: string;
  /** Brotli bytes of the document up to the end of its first <h1>: what the first round trip must carry. */
  firstPaint: number;
  /** Brotli bytes of the CSS inlined in the document (also counted in html). */
  inlineCss: number;
  html: Bytes;
  css: Bytes;
  js: Bytes;
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
 * The figures of a page that miss their goal. CSS is inlined, so the HTML budget applies to the
 * document without its inline CSS, the CSS budget to inline plus linked CSS, and the first round
 * trip (14 KB) must carry everything up to the page's heading.
 */
export function overBudget(r: PageResult): string[] {
  const over: string[] = [];
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
const HEAD = [
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

export function row(r: PageResult, previous?: PageResult): string[] {
  const delta = (now: number, before: number | undefined, unit: (n: number) => string) =>
    before === undefined ? unit(now) : `${unit(now)} (${now - before >= 0 ? '+' : ''}${unit(now - before)})`;
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

export function printTable(rows: string[][]): void {
  const widths = HEAD.map((_, i) => Math.max(...[HEAD, ...rows].map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(HEAD));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}
