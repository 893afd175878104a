/**
 * The content editor as a marketer uses it, on the local-repository workflow (content-editor-kit.ts):
 * an edit writes exactly what a hand edit would, the build accepts it and the page shows it; what
 * the build would refuse is refused before saving, in words. And the editor's page keeps to itself:
 * its own CSP, noindex, out of the sitemap, never loaded by a public page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { inject, expect, it } from 'vitest';
import { EDITOR_SECURITY_HEADERS, SECURITY_HEADERS } from '../../netlify/lib/platform/index.ts';
import { ROOT } from '../../scripts/lib/database.ts';
import { documentChecklistsSchema } from '../../src/shared/document-checklist.ts';
import { baseUrl, e2eDescribe, newPage } from './harness.ts';
import { buildWith, openItem, openLocalRepository, reach, repositoryFile } from './content-editor-kit.ts';

const PROGRAMME = 'src/content/programmes/aspiraelevate.yaml';
const FAQS = 'src/content/faqs/aspiraelevate.yaml';
const CHECKLISTS = 'src/content/settings/document-checklists.json';
const NEW_FAQ = { question: 'Can I pay in instalments?', answer: 'Yes, in three instalments. Your advisor sends the schedule.' };
const DIST = join(ROOT, 'dist');
/** Where the GitHub backend fetches from (the editor's CSP connect-src). */
const GITHUB_BACKEND = ['https://api.github.com', 'https://www.githubstatus.com'];

/** The key facts' text as shown (line breaks where blocks break, capitals where CSS makes them) and the hero's and facts' look. */
function keyFactsAsShown() {
  const look = ['display', 'font-family', 'font-size', 'font-weight', 'color', 'text-transform', 'background-color', 'border-top-width'];
  const selectors = ['.page-hero', '.page-hero h1', '.facts-grid', '.fact', '.fact dt', '.fact dd', '.fact small', '.fact .price'];
  return {
    text: (document.querySelector('.facts') as HTMLElement).innerText,
    styles: selectors.map((selector) => {
      const style = getComputedStyle(document.querySelector(selector)!);
      return `${selector} { ${look.map((p) => `${p}: ${style.getPropertyValue(p)}`).join('; ')} }`;
    }),
  };
}

function htmlFiles(dir = DIST): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlFiles(join(dir, e.name)) : e.name.endsWith('.html') ? [join(dir, e.name)] : [],
  );
}

e2eDescribe('content editor', () => {
  it('has its own CSP and noindex and is out of the sitemap; the public pages keep the site’s CSP and never load its scripts', async () => {
    const editor = await fetch(`${baseUrl}/content-editor`);
    expect(editor.status).toBe(200);
    expect(editor.headers.get('content-security-policy')).toBe(EDITOR_SECURITY_HEADERS['Content-Security-Policy']);
    expect(editor.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await editor.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    for (const path of ['/', '/privacy', '/aspiraelevate', '/admin/login']) {
      const page = await fetch(`${baseUrl}${path}`);
      await page.arrayBuffer();
      expect(page.headers.get('content-security-policy'), path).toBe(SECURITY_HEADERS['Content-Security-Policy']);
    }
    expect(await (await fetch(`${baseUrl}/sitemap-0.xml`)).text()).not.toContain('content-editor');

    const editorScripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!);
    expect(editorScripts).toHaveLength(1);
    const pagesLoadingIt = htmlFiles()
      .filter((file) => !file.endsWith('content-editor.html'))
      .filter((file) => {
        const page = readFileSync(file, 'utf8');
        return page.includes('/content-editor') || editorScripts.some((src) => page.includes(src));
      });
    expect(pagesLoadingIt.map((file) => relative(DIST, file))).toEqual([]);
  });

  it('runs under its CSP with no violation, fetches nothing from another origin but its GitHub backend’s calls, and draws icons as icons', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    const violations: string[] = [];
    const offOrigin: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as never as { reportViolation: (v: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(baseUrl).origin || url.protocol === 'blob:' || url.protocol === 'data:') return;
      // The GitHub backend's calls (the CSP's connect-src names its hosts): its data, not the editor's files.
      if (request.resourceType() === 'fetch' && GITHUB_BACKEND.includes(url.origin)) return;
      offOrigin.push(`${request.resourceType()} ${request.url()}`);
    });
    await openLocalRepository(page);
    await page.getByRole('row', { name: /AspiraElevate/ }).click();
    await page.frameLocator('iframe').first().getByRole('heading', { name: 'Lead in business, learn in France' }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(offOrigin).toEqual([]);
    expect(violations).toEqual([]);
    // An icon is a ligature of its name in the icon font: as an icon it is about as wide as it is high, as a word several times wider.
    const icon = page.locator('.material-symbols-outlined').filter({ hasText: 'arrow_back' }).first();
    const { width, height, loaded } = await icon.evaluate((el) => ({
      ...el.getBoundingClientRect().toJSON(),
      loaded: document.fonts.check(`24px "Material Symbols Outlined"`, 'arrow_back'),
    }));
    expect(loaded).toBe(true);
    expect(width).toBeLessThan(height * 1.5);
  });

  it('previews a programme page’s hero and key facts as the page shows them', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await openLocalRepository(page);
    await page.goto('/content-editor#/collections/programmes/entries/aspiraelevate');
    const frameElement = page.locator('iframe').first();
    await page.frameLocator('iframe').first().locator('.fact').first().waitFor();
    const preview = (await (await frameElement.elementHandle())!.contentFrame())!;
    const viewport = await frameElement.evaluate((el) => ({ width: el.clientWidth, height: el.clientHeight }));
    const site = await newPage(viewport);
    await site.goto('/aspiraelevate');
    const [inPreview, onSite] = await Promise.all([preview.evaluate(keyFactsAsShown), site.evaluate(keyFactsAsShown)]);
    expect(inPreview.text).toBe(onSite.text);
    expect(inPreview.styles).toEqual(onSite.styles);
  });

  it('names the fee options of a document checklist as the registration form does, and saves the checklists as the site reads them', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await openLocalRepository(page);
    await page.goto('/content-editor#/collections/documentChecklists/entries/documentChecklists');
    const checklist = await openItem(page, page, 'AspiraAdmit');
    const feeOptions = checklist.locator('[data-key-path$=".feeOptions"]').first();
    await reach(page, feeOptions);
    expect(await feeOptions.innerText()).toMatch(/^Fee options\b/);
    expect(await feeOptions.innerText()).toContain('AspiraAdmit');
    expect(await feeOptions.innerText()).toContain('PLOR');
    expect(await feeOptions.innerText()).not.toMatch(/\b(admit|plor)\b/);

    // The list for everyone else has no fee options: saving must neither refuse it nor write a file the site refuses.
    const note = page.getByRole('textbox', { name: /^Note/ });
    await reach(page, note);
    await note.fill('Keep each document id once applicants have uploaded.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => repositoryFile(page, CHECKLISTS)).toContain('Keep each document id once applicants have uploaded.');
    const saved = documentChecklistsSchema.parse(JSON.parse(await repositoryFile(page, CHECKLISTS)));
    const before = documentChecklistsSchema.parse(JSON.parse(readFileSync(join(ROOT, CHECKLISTS), 'utf8')));
    expect(saved.checklists).toEqual(before.checklists);
  });

  it('keeps the bar of a list inside a list item under its parent list’s bar while both stay in view', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await openLocalRepository(page);
    await page.goto('/content-editor#/collections/programmes/entries/aspiraelevate');
    const feeTable = await openItem(page, page, 'Fee table');
    await openItem(page, feeTable, 'AspiraElevate, 16 weeks');
    const bar = (list: RegExp) => page.locator('.toolbar.top').filter({ hasText: list }).first();
    const [sections, feeRows] = [bar(/\d+\s+Page sections/), bar(/\d+\s+Fee rows?/)];
    const gap = async () => (await feeRows.boundingBox())!.y - (await sections.boundingBox())!.y - (await sections.boundingBox())!.height;
    await page.mouse.move(300, 450);
    // Scroll until the inner bar reaches the outer one, then on: it stays below it.
    for (let i = 0; i < 40 && (await gap()) > 1; i++) await page.mouse.wheel(0, 60).then(() => page.waitForTimeout(60));
    for (let i = 0; i < 4; i++) {
      expect(await gap()).toBeGreaterThanOrEqual(-0.5);
      await page.mouse.wheel(0, 60);
      await page.waitForTimeout(100);
    }
  });

  it(
    'a marketer changes the AspiraElevate fee and adds an FAQ: the files equal a hand edit, the build passes and the page shows both; a negative fee is refused',
    { timeout: 300_000 },
    async () => {
      const page = await newPage({ width: 1280, height: 800 });
      await openLocalRepository(page);

      // The fee: in the key facts and in the fee table.
      await page.getByRole('treeitem', { name: /Programme pages/ }).click();
      await page.getByRole('row', { name: /AspiraElevate/ }).click();
      const fact = await openItem(page, page, 'Fee');
      const factAmount = await reach(page, fact.getByRole('spinbutton', { name: /Amount/ }));
      await factAmount.fill('-5');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => page.getByRole('alert').allInnerTexts())
        .toContainEqual(expect.stringContaining('greater than or equal to 0.01'));
      expect(await repositoryFile(page, PROGRAMME)).toBe(readFileSync(join(ROOT, PROGRAMME), 'utf8'));
      await factAmount.fill('319000');
      const feeTable = await openItem(page, page, 'Fee table');
      const row = await openItem(page, feeTable, 'AspiraElevate, 16 weeks');
      await (await reach(page, row.getByRole('spinbutton', { name: /Amount/ }))).fill('319000');
      const preview = page.frameLocator('iframe').first();
      await expect.poll(() => preview.getByText('₹3,19,000').count()).toBe(2);
      await page.getByRole('button', { name: 'Save' }).click();
      const feeEdit = readFileSync(join(ROOT, PROGRAMME), 'utf8').replaceAll('amount: 299000', 'amount: 319000');
      await expect.poll(() => repositoryFile(page, PROGRAMME)).toBe(feeEdit);

      // The FAQ: a new question at the end of the set.
      await page.goto('/content-editor#/collections/faqs');
      await page.getByRole('row', { name: /AspiraElevate questions/ }).click();
      await page.getByRole('button', { name: 'Expand' }).first().click();
      await page.getByRole('button', { name: /Add .*Item/ }).click();
      await page
        .getByRole('textbox', { name: /Question/ })
        .last()
        .fill(NEW_FAQ.question);
      await page
        .getByRole('textbox', { name: /Answer/ })
        .last()
        .fill(NEW_FAQ.answer);
      await expect.poll(() => page.frameLocator('iframe').first().getByText(NEW_FAQ.question).count()).toBe(1);
      await page.getByRole('button', { name: 'Save' }).click();
      const faqEdit = `${readFileSync(join(ROOT, FAQS), 'utf8')}      - question: ${NEW_FAQ.question}\n        answer: ${NEW_FAQ.answer}\n`;
      await expect.poll(() => repositoryFile(page, FAQS)).toBe(faqEdit);

      // What the deploy preview of this change would build.
      const dist = await buildWith(
        { [PROGRAMME]: feeEdit, [FAQS]: faqEdit },
        { ...process.env, DATABASE_URL: inject('e2eDatabaseUrl'), LOG_LEVEL: 'warn' },
      );
      const built = readFileSync(join(dist, 'aspiraelevate.html'), 'utf8');
      expect(built.match(/₹3,19,000/g)).toHaveLength(2);
      expect(built).not.toContain('₹2,99,000');
      expect(built).toContain(NEW_FAQ.question);
    },
  );

  it('refuses, before saving and in words, what the build would refuse across fields', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await openLocalRepository(page);
    await page.goto('/content-editor#/collections/programmes/entries/aspiraelevate');
    const fact = await openItem(page, page, 'Fee');
    await (await reach(page, fact.getByRole('textbox', { name: /^Value/ }))).fill('₹3,19,000');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect.poll(() => dialog.innerText()).toContain('Key facts › 3: a fact has either a value or a money amount');
    expect(await repositoryFile(page, PROGRAMME)).toBe(readFileSync(join(ROOT, PROGRAMME), 'utf8'));
  });
});
