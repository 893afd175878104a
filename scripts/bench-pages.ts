/**
 * Page budgets (DESIGN.md section 7) for the home page, /aspirademy and one course landing page:
 * - bytes loaded before interaction (HTML, CSS, JS, images; gzip and brotli sizes of text), measured
 *   in Chromium on a phone viewport until the page is loaded and the network is idle;
 * - Lighthouse (mobile defaults, simulated slow 4G), median of 3 runs: the four category scores and
 *   LCP, FCP, TBT, CLS.
 * Each figure is printed with its budget and "ok" or "OVER". Called by scripts/bench.ts.
 */
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

export const BENCH_PAGES = ['/', '/aspirademy', '/course/6801c2a4f1e2b3c4d5e6fd57'];
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const KB = 1024;
const BUDGET = {
  htmlGzip: 14 * KB,
  cssGzip: 15 * KB,
  jsBrotli: 65 * KB,
  totalBeforeInteraction: 150 * KB,
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 100,
  lcp: 1500,
  fcp: 1000,
  tbt: 50,
  cls: 0.02,
};

type Bytes = { raw: number; gzip: number; brotli: number; count: number };
type PageBytes = { html: Bytes; css: Bytes; js: Bytes; images: Bytes; other: Bytes; total: number };

const empty = (): Bytes => ({ raw: 0, gzip: 0, brotli: 0, count: 0 });
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');

function add(bucket: Bytes, body: Buffer, compressible: boolean): void {
  bucket.raw += body.length;
  bucket.count += 1;
  bucket.gzip += compressible ? gzipSync(body, { level: 9 }).length : body.length;
  bucket.brotli += compressible ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length : body.length;
}

/** Everything the page fetches until it is loaded and idle, on a phone viewport, before any input. */
export async function measureBytes(url: string): Promise<PageBytes> {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const result: PageBytes = { html: empty(), css: empty(), js: empty(), images: empty(), other: empty(), total: 0 };
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'media' || response.status() >= 300) return; // the hero video loads after the page and is excluded by the budget
      pending.push(
        response
          .body()
          .then((body) => {
            if (type === 'document') add(result.html, body, true);
            else if (type === 'stylesheet') add(result.css, body, true);
            else if (type === 'script') add(result.js, body, true);
            else if (type === 'image') add(result.images, body, /svg/.test(response.headers()['content-type'] ?? ''));
            else if (type !== 'fetch' && type !== 'xhr') add(result.other, body, true);
          })
          .catch(() => {}),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    result.total = result.html.gzip + result.css.gzip + result.js.gzip + result.images.gzip + result.other.gzip;
    return result;
  } finally {
    await browser.close();
  }
}

type Lh = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export async function runLighthouse(url: string, runs = RUNS): Promise<{ median: Lh; runs: Lh[] }> {
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
        lcp: audit('largest-contentful-paint'),
        fcp: audit('first-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      });
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key: keyof Lh) => median(results.map((r) => r[key]));
  return {
    runs: results,
    median: {
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      seo: pick('seo'),
      lcp: pick('lcp'),
      fcp: pick('fcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
    },
  };
}

export async function benchPages(baseUrl: string): Promise<void> {
  const over: string[] = [];
  const check = (label: string, ok: boolean) => {
    if (!ok) over.push(label);
    return mark(ok);
  };
  console.log('\n== Page budgets (phone viewport; bytes loaded before interaction, video excluded) ==');
  for (const path of BENCH_PAGES) {
    const url = new URL(path, baseUrl).href;
    const b = await measureBytes(url);
    console.log(`\n${path}`);
    console.log(
      `  HTML   ${kb(b.html.raw).padStart(9)} raw  ${kb(b.html.gzip).padStart(9)} gzip  ${kb(b.html.brotli).padStart(9)} br   (${b.html.count} file)   budget 14 KB gzip: ${check(`${path} HTML`, b.html.gzip <= BUDGET.htmlGzip)}`,
    );
    console.log(
      `  CSS    ${kb(b.css.raw).padStart(9)} raw  ${kb(b.css.gzip).padStart(9)} gzip  ${kb(b.css.brotli).padStart(9)} br   (${b.css.count} files)  budget 15 KB gzip: ${check(`${path} CSS`, b.css.gzip <= BUDGET.cssGzip)}`,
    );
    console.log(
      `  JS     ${kb(b.js.raw).padStart(9)} raw  ${kb(b.js.gzip).padStart(9)} gzip  ${kb(b.js.brotli).padStart(9)} br   (${b.js.count} files)  budget 65 KB br:   ${check(`${path} JS`, b.js.brotli <= BUDGET.jsBrotli)}`,
    );
    console.log(`  images ${kb(b.images.raw).padStart(9)} raw  (${b.images.count} files)`);
    console.log(
      `  total before interaction ${kb(b.total)} (gzip text + images)   budget 150 KB: ${check(`${path} total`, b.total <= BUDGET.totalBeforeInteraction)}`,
    );

    const lh = await runLighthouse(url);
    const m = lh.median;
    console.log(
      `  Lighthouse mobile, median of ${lh.runs.length}: performance ${m.performance} (${check(`${path} performance`, m.performance >= BUDGET.performance)}), accessibility ${m.accessibility} (${check(`${path} accessibility`, m.accessibility >= BUDGET.accessibility)}), best practices ${m.bestPractices} (${check(`${path} best practices`, m.bestPractices >= BUDGET.bestPractices)}), SEO ${m.seo} (${check(`${path} SEO`, m.seo >= BUDGET.seo)})`,
    );
    console.log(
      `  LCP ${Math.round(m.lcp)} ms (≤1500 ${check(`${path} LCP`, m.lcp <= BUDGET.lcp)})  FCP ${Math.round(m.fcp)} ms (≤1000 ${check(`${path} FCP`, m.fcp <= BUDGET.fcp)})  TBT ${Math.round(m.tbt)} ms (≤50 ${check(`${path} TBT`, m.tbt <= BUDGET.tbt)})  CLS ${m.cls.toFixed(3)} (≤0.02 ${check(`${path} CLS`, m.cls <= BUDGET.cls)})`,
    );
    console.log(`  runs: ${lh.runs.map((r) => `perf ${r.performance} LCP ${Math.round(r.lcp)} TBT ${Math.round(r.tbt)}`).join(' | ')}`);
  }
  console.log(over.length ? `\nPage budgets not met: ${over.join(', ')}` : '\nAll page budgets met.');
}

if (import.meta.main) {
  const base = process.argv[2];
  if (!base) {
    console.error('usage: node scripts/bench-pages.ts http://localhost:PORT');
    process.exit(2);
  }
  await benchPages(base);
}
