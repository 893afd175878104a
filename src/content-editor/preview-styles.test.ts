/**
 * The content editor's preview is styled as the site is: every stylesheet the previewed components
 * use. (Vitest reads CSS as empty, so the files are read here as the build reads them.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { previewStylesheet } from './preview-styles.ts';

const COMPONENTS = join(import.meta.dirname, '..', 'components');
const read = (name: string) => readFileSync(join(COMPONENTS, name), 'utf8');
const byPath = (names: string[]) => Object.fromEntries(names.map((name) => [`../components/${name}`, read(name)]));
const previewed = [
  ...['PageHero', 'Facts', 'Sections', 'Faq', 'CourseCards'].map((name) => `${name}.astro`),
  ...readdirSync(join(COMPONENTS, 'sections')).map((name) => `sections/${name}`),
];
const sheets = readdirSync(COMPONENTS).filter((name) => name.endsWith('.css'));

describe('content editor preview styles', () => {
  it('hold the stylesheets the previewed components import (the hero and key facts) and their own styles', () => {
    const css = previewStylesheet(byPath(previewed), byPath(sheets), '');
    for (const sheet of ['hero.css', 'tick-list.css', 'accordion.css']) expect(css, sheet).toContain(read(sheet));
    expect(css).not.toContain(read('marquee.css'));
    expect(css).toMatch(/\.fact small \{\s*display: block;/);
    expect(css).toContain(read('Faq.astro').match(/<style>([\s\S]*?)<\/style>/)![1]);
  });

  it('name the component and the stylesheet when a component imports one the preview lacks', () => {
    expect(() => previewStylesheet({ '../components/Facts.astro': "---\nimport './facts.css';\n---" }, {}, '')).toThrow(
      "../components/Facts.astro imports ./facts.css, which the content editor's preview does not have",
    );
  });
});
