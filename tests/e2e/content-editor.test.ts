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
import { baseUrl, e2eDescribe, newPage } from './harness.ts';
import { buildWith, openItem, openLocalRepository, reach, repositoryFile } from './content-editor-kit.ts';

const PROGRAMME = 'src/content/programmes/aspiraelevate.yaml';
const FAQS = 'src/content/faqs/aspiraelevate.yaml';
const NEW_FAQ = { question: 'Can I pay in instalments?', answer: 'Yes, in three instalments. Your advisor sends the schedule.' };
const DIST = join(ROOT, 'dist');

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

  it('runs under its CSP with no violation but the package’s fallback fonts on a CDN, which stay blocked', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as never as { reportViolation: (v: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    await openLocalRepository(page);
    await page.getByRole('row', { name: /AspiraElevate/ }).click();
    await page.frameLocator('iframe').first().getByRole('heading', { name: 'Lead in business, learn in France' }).waitFor();
    expect(violations.filter((v) => !/^font-src https:\/\/cdn\.jsdelivr\.net\//.test(v))).toEqual([]);
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
