/**
 * Page budgets (docs/architecture.md, Budgets) on every marketing page:
 * - bytes loaded before interaction, measured in Chromium on a phone viewport until the page is
 *   loaded, its page scripts have run and the network is idle: what crossed the wire (as the
 *   server sent it) and the brotli size of each text type (the budgets are in compressed bytes,
 *   as Netlify's CDN serves them);
 * - Lighthouse (mobile defaults, simulated slow 4G), median of 3 runs: the four category scores and
 *   FCP, LCP, TBT, CLS.
 * One row per page, then the median of all pages, then the figures that are over budget. The results
 * are saved as JSON (.data/bench-pages.json, or `--save <file>`); `--compare <file>` prints each
 * page's change against an earlier run. `--page <path>` (repeatable) measures only those pages.
 * Called by scripts/bench.ts, or on its own: node scripts/bench-pages.ts http://localhost:PORT [flags].
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { BUDGET, ms, overBudget, printTable, row, type Bytes, type PageResult } from './bench-pages-report.ts';
import { ROOT } from './lib/database.ts';
import { marketingPages } from './lib/marketing-pages.ts';

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const empty = (): Bytes => ({ wire: 0, brotli: 0, count: 0 });
const brotli = (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Everything the page fetches until it is loaded and idle, on a phone viewport, before any input. */
async function measureBytes(url: string) {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const result = {
      html: empty(),
      css: empty(),
      js: empty(),
      images: empty(),
      other: empty(),
      encoding: 'none',
      firstPaint: 0,
      inlineCss: 0,
    };
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type === 'media' || type === 'fetch' || type === 'xhr') return; // video loads after the page; API calls are data
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response || response.status() >= 300) return;
          const [body, sizes, headers] = await Promise.all([response.body(), request.sizes(), response.allHeaders()]);
          const text = /text|javascript|json|svg|xml/.test(headers['content-type'] ?? '');
          const bucket =
            type === 'document'
              ? result.html
              : type === 'stylesheet'
                ? result.css
                : type === 'script'
                  ? result.js
                  : type === 'image'
                    ? result.images
                    : result.other;
          bucket.count += 1;
          bucket.wire += sizes.responseBodySize;
          bucket.brotli += text ? brotli(body) : body.length;
          if (type === 'document') {
            result.encoding = headers['content-encoding'] ?? 'none';
            const html = body.toString('utf8');
            const h1 = html.indexOf('</h1>');
            result.firstPaint = brotli(Buffer.from(h1 === -1 ? html : html.slice(0, h1 + 5)));
            const styles = html.match(/<style[^>]*>[\s\S]*?<\/style>/g) ?? [];
            result.inlineCss = styles.length ? brotli(Buffer.from(styles.join(''))) : 0;
          }
        })().catch(() => {}),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // Page scripts load after the first paint without any input (src/integrations/after-paint.ts),
    // at times after the network first falls idle: they count too.
    if (await page.locator('script[data-modules]').count()) {
      await page.waitForFunction(() => document.documentElement.dataset.scripts === 'ready', undefined, { timeout: 10_000 });
      await page.waitForLoadState('networkidle');
    }
    await Promise.all(pending);
    const total = result.html.brotli + result.css.brotli + result.js.brotli + result.images.brotli + result.other.brotli;
    return { ...result, total };
  } finally {
    await browser.close();
  }
}

type Lh = Pick<PageResult, 'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'fcp' | 'lcp' | 'tbt' | 'cls'>;
const LH_KEYS = ['performance', 'accessibility', 'bestPractices', 'seo', 'fcp', 'lcp', 'tbt', 'cls'] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export async function runLighthouse(url: string, runs = RUNS): Promise<Lh> {
  const results: Lh[] = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
    try {
      const answer = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = answer!.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      });
    } finally {
      await chrome.kill();
    }
  }
  return Object.fromEntries(LH_KEYS.map((k) => [k, median(results.map((r) => r[k]))])) as Lh;
}

function medianResult(results: PageResult[]): PageResult {
  const m = (pick: (r: PageResult) => number) => median(results.map(pick));
  const bytes = (pick: (r: PageResult) => Bytes): Bytes => ({
    wire: m((r) => pick(r).wire),
    brotli: m((r) => pick(r).brotli),
    count: m((r) => pick(r).count),
  });
  return {
    path: 'median',
    encoding: results[0]?.encoding ?? 'none',
    firstPaint: m((r) => r.firstPaint ?? 0),
    inlineCss: m((r) => r.inlineCss ?? 0),
    html: bytes((r) => r.html),
    css: bytes((r) => r.css),
    js: bytes((r) => r.js),
    images: bytes((r) => r.images),
    total: m((r) => r.total),
    ...(Object.fromEntries(LH_KEYS.map((k) => [k, m((r) => r[k])])) as Lh),
  };
}

export async function benchPages(baseUrl: string, args: string[] = []): Promise<boolean> {
  const flag = (name: string) => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]!] : []));
  const only = flag('--page');
  const savePath = flag('--save')[0] ?? join(ROOT, '.data', 'bench-pages.json');
  const comparePath = flag('--compare')[0];
  const previous: PageResult[] = comparePath ? JSON.parse(await readFile(comparePath, 'utf8')).pages : [];
  const pages = only.length ? only : marketingPages();

  console.log(`\n== Marketing pages: ${pages.length} pages, Lighthouse mobile (simulated slow 4G), median of ${RUNS} runs ==`);
  const loadBefore = loadavg()[0]!.toFixed(2);
  const results: PageResult[] = [];
  for (const path of pages) {
    const url = new URL(path, baseUrl).href;
    const bytes = await measureBytes(url);
    const lh = await runLighthouse(url);
    const result: PageResult = { path, ...bytes, ...lh };
    results.push(result);
    console.log(`  ${path}: FCP ${ms(lh.fcp)} ms, LCP ${ms(lh.lcp)} ms, perf ${lh.performance} ${overBudget(result).join(' ') || 'ok'}`);
  }
  const encodings = [...new Set(results.map((r) => r.encoding))].join(', ');
  console.log(
    `\nMeasured: documents served with content-encoding ${encodings}; byte columns are brotli sizes (q11) of what the page loads before interaction (HTML includes its inline CSS; CSS = inline + linked; "to h1" = the document up to its first heading), images as sent.`,
  );
  console.log(`Machine load (1-min average): ${loadBefore} at the start, ${loadavg()[0]!.toFixed(2)} at the end.`);
  if (comparePath) console.log(`Changes in brackets are against ${comparePath}.`);
  const byPath = new Map(previous.map((p) => [p.path, p]));
  const summary = medianResult(results);
  const previousMedian = previous.length ? medianResult(previous) : undefined;
  printTable([...results.map((r) => row(r, byPath.get(r.path))), row(summary, previousMedian)]);
  console.log(
    `Goals: scores ${BUDGET.score}, FCP <= ${BUDGET.fcp} ms, LCP <= ${BUDGET.lcp} ms, TBT <= ${BUDGET.tbt} ms, CLS <= ${BUDGET.cls}, HTML without inline CSS <= 14 KB, up to the h1 <= 14 KB, CSS <= 15 KB, JS <= 5 KB, total <= 150 KB (brotli).`,
  );
  const failing = results.filter((r) => overBudget(r).length);
  console.log(failing.length ? `Pages over a goal: ${failing.map((r) => r.path).join(', ')}` : 'Every page meets every goal.');

  await mkdir(dirname(savePath), { recursive: true });
  await writeFile(savePath, JSON.stringify({ measuredAt: new Date().toISOString(), baseUrl, runs: RUNS, pages: results }, null, 2));
  console.log(`Saved to ${savePath} (pass it as --compare next time).`);
  return failing.length === 0;
}

if (import.meta.main) {
  const base = process.argv[2];
  if (!base) {
    console.error('usage: node scripts/bench-pages.ts http://localhost:PORT [--page /path] [--compare file.json] [--save file.json]');
    process.exit(2);
  }
  await benchPages(base, process.argv.slice(3));
}
