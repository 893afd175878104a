/**
 * Page budgets (docs/architecture.md, Budgets) on every page a person uses, in three sets:
 * - marketing: every marketing page, as a visitor;
 * - learner: registration, the shop and the account pages, each as who uses it (logged in as a
 *   learner with a purchase, a paid registration and a fee plan where the page needs one);
 * - admin: every admin screen, as an owner (login, signup and recovery logged out).
 * For each page: the bytes loaded before interaction and the JavaScript of the first interaction
 * (scripts/lib/page-bytes.ts), and Lighthouse, median of 3 runs (phone profile with simulated slow
 * 4G for marketing and learner pages, desktop profile for admin screens): the four category
 * scores and FCP, LCP, TBT, CLS.
 * Lighthouse and its Chrome launcher are installed on first use, pinned (scripts/lib/lighthouse.ts).
 * One table per set, then the pages over a goal. The results are saved as JSON
 * (.data/bench-pages.json, or `--save <file>`); `--compare <file>` prints each page's change against
 * an earlier run. `--set learner` (repeatable) measures only those sets; `--page <path>`
 * (repeatable) only those pages. The learner and admin sets need the site's database (the people
 * are made through the API; scripts/lib/bench-people.ts).
 * Called by scripts/bench.ts, or on its own: node scripts/bench-pages.ts http://localhost:PORT [flags].
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { goals, ms, overBudget, printTable, profileOf, row, type Bytes, type PageResult } from './bench-pages-report.ts';
import { ROOT } from './lib/database.ts';
import { loadLighthouse, type LighthouseKit } from './lib/lighthouse.ts';
import { marketingPages } from './lib/marketing-pages.ts';
import { preparePeople, type Visit } from './lib/bench-people.ts';
import { CHROME, CHROME_FLAGS, measureBytes, signIn, type Profile } from './lib/page-bytes.ts';
import { adminPages, learnerPages, type BenchPage, type PageSet } from './lib/product-pages.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const SETS: PageSet[] = ['marketing', 'learner', 'admin'];

type Lh = Pick<PageResult, 'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'fcp' | 'lcp' | 'tbt' | 'cls'>;
const LH_KEYS = ['performance', 'accessibility', 'bestPractices', 'seo', 'fcp', 'lcp', 'tbt', 'cls'] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const GUEST: Visit = { cookies: [], local: {} };
let kit: Promise<LighthouseKit> | undefined;

export async function runLighthouse(url: string, runs = RUNS, visit: Visit = GUEST, profile: Profile = 'mobile'): Promise<Lh> {
  const { lighthouse, desktopConfig, chromeLauncher } = await (kit ??= loadLighthouse());
  const results: Lh[] = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
    try {
      // Lighthouse clears the cache before it loads the page, never cookies or localStorage.
      await signIn(chrome.port, new URL(url).origin, visit);
      const answer = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
        profile === 'desktop' ? desktopConfig : undefined,
      );
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
    set: results[0]?.set ?? 'marketing',
    as: '',
    encoding: results[0]?.encoding ?? 'none',
    firstPaint: m((r) => r.firstPaint ?? 0),
    inlineCss: m((r) => r.inlineCss ?? 0),
    html: bytes((r) => r.html),
    css: bytes((r) => r.css),
    js: bytes((r) => r.js),
    jsAfter: bytes((r) => r.jsAfter ?? { wire: 0, brotli: 0, count: 0 }),
    images: bytes((r) => r.images),
    total: m((r) => r.total),
    ...(Object.fromEntries(LH_KEYS.map((k) => [k, m((r) => r[k])])) as Lh),
  };
}

/**
 * `rebuild`: builds the site again once the people exist. The owner's course changes the catalogue,
 * and on Netlify a catalogue change triggers a build (catalogue/build-hook.ts): the pages are
 * measured as they are after it, not in the minute before.
 */
export async function benchPages(
  baseUrl: string,
  args: string[] = [],
  databaseUrl?: string,
  rebuild?: () => Promise<void>,
): Promise<boolean> {
  const flag = (name: string) => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]!] : []));
  const onlyPages = flag('--page');
  const sets = flag('--set').length ? (flag('--set') as PageSet[]) : SETS;
  const savePath = flag('--save')[0] ?? join(ROOT, '.data', 'bench-pages.json');
  const comparePath = flag('--compare')[0];
  const previous: PageResult[] = comparePath ? JSON.parse(await readFile(comparePath, 'utf8')).pages : [];

  const pages: BenchPage[] = [];
  if (sets.includes('marketing')) pages.push(...marketingPages().map((path): BenchPage => ({ path, set: 'marketing', as: 'guest' })));
  const wantsPeople = sets.some((s) => s !== 'marketing');
  if (wantsPeople && !databaseUrl) throw new Error('the learner and admin pages need the database URL of the served site');
  const people = wantsPeople ? await preparePeople(baseUrl, databaseUrl!) : undefined;
  if (people && rebuild) {
    console.log("building the site again with the bench people's course...");
    await rebuild();
  }
  if (people && sets.includes('learner')) pages.push(...learnerPages(people));
  if (people && sets.includes('admin')) pages.push(...adminPages(people));
  const chosen = onlyPages.length
    ? pages.filter((p) => onlyPages.some((o) => p.path === o || p.path.startsWith(`${o}?`) || p.path.startsWith(`${o}/`)))
    : pages;

  console.log(`\n== Pages: ${chosen.length} in ${sets.join(', ')}; Lighthouse median of ${RUNS} runs ==`);
  const loadBefore = loadavg()[0]!.toFixed(2);
  const results: PageResult[] = [];
  for (const page of chosen) {
    const url = new URL(page.path, baseUrl).href;
    const visit = people?.visits[page.as] ?? GUEST;
    const profile = profileOf(page.set);
    const bytes = await measureBytes(url, visit, profile);
    const lh = await runLighthouse(url, RUNS, visit, profile);
    const result: PageResult = { path: page.path, set: page.set, as: page.as, ...bytes, ...lh };
    results.push(result);
    const moved = bytes.finalPath !== new URL(url).pathname ? ` (ended on ${bytes.finalPath})` : '';
    console.log(
      `  ${page.path}${moved}: FCP ${ms(lh.fcp)} ms, LCP ${ms(lh.lcp)} ms, TBT ${ms(lh.tbt)} ms ${overBudget(result).join(' ') || 'ok'}`,
    );
  }
  const encodings = [...new Set(results.map((r) => r.encoding))].join(', ');
  console.log(
    `\nMeasured: documents served with content-encoding ${encodings}; byte columns are brotli sizes (q11) of what the page loads before interaction (HTML includes its inline CSS; CSS = inline + linked; "to h1" = the document up to its first heading), images as sent.`,
  );
  console.log(`Machine load (1-min average): ${loadBefore} at the start, ${loadavg()[0]!.toFixed(2)} at the end.`);
  if (comparePath) console.log(`Changes in brackets are against ${comparePath}.`);
  const byKey = new Map(previous.map((p) => [`${p.set ?? 'marketing'} ${p.path.split('?')[0]}`, p]));
  const keyOf = (r: PageResult) => `${r.set ?? 'marketing'} ${r.path.split('?')[0]}`;
  for (const set of SETS) {
    const inSet = results.filter((r) => r.set === set);
    if (!inSet.length) continue;
    console.log(`\n${set === 'marketing' ? 'Marketing pages' : set === 'learner' ? 'Learner and account pages' : 'Admin screens'}`);
    const before = previous.filter((p) => (p.set ?? 'marketing') === set);
    printTable(
      [...inSet.map((r) => row(r, byKey.get(keyOf(r)))), row(medianResult(inSet), before.length ? medianResult(before) : undefined)],
      set,
    );
    console.log(goals(set));
  }
  const failing = results.filter((r) => overBudget(r).length);
  console.log(failing.length ? `\nPages over a goal: ${failing.map((r) => r.path).join(', ')}` : '\nEvery page meets every goal.');

  await mkdir(dirname(savePath), { recursive: true });
  await writeFile(savePath, JSON.stringify({ measuredAt: new Date().toISOString(), baseUrl, runs: RUNS, pages: results }, null, 2));
  console.log(`Saved to ${savePath} (pass it as --compare next time).`);
  return failing.length === 0;
}

if (import.meta.main) {
  const base = process.argv[2];
  if (!base) {
    console.error(
      'usage: node scripts/bench-pages.ts http://localhost:PORT [--set marketing|learner|admin] [--page /path] [--compare file.json] [--save file.json] (DATABASE_URL for learner and admin pages)',
    );
    process.exit(2);
  }
  await benchPages(base, process.argv.slice(3), process.env.DATABASE_URL);
}
