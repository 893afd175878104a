/**
 * The site's CSS for the content editor's preview (preview.ts; served as /content-editor/preview.css):
 * the global styles, the stylesheets the previewed components import (hero.css holds the hero and
 * the key facts) and the components' own <style> blocks. Astro scopes a component's <style> to its
 * markup; in the preview frame, which holds nothing else, they apply as they are.
 */
import { posix } from 'node:path';
import global from '../styles/global.css?raw';

/** The components preview.ts draws twins of, by path. */
const COMPONENTS = import.meta.glob(['../components/{PageHero,Facts,Sections,Faq,CourseCards}.astro', '../components/sections/*.astro'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const SHEETS = import.meta.glob('../components/**/*.css', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** The editor's own preview of the other collections (one block per field) gets some room at the sides. */
const EDITOR_PREVIEW = 'body > section[data-key-path] { padding: 0.25rem 1rem; }';

/**
 * The preview's stylesheet from components (path → source) and the stylesheets they may import
 * (path → text). Throws, naming both, when a component imports a stylesheet that is not there.
 */
export function previewStylesheet(components: Record<string, string>, sheets: Record<string, string>, base = global): string {
  const imported = new Set<string>();
  for (const [path, source] of Object.entries(components))
    for (const [, sheet] of source.matchAll(/^import\s+'(\.{1,2}\/[^']+\.css)';?$/gm)) {
      const sheetPath = posix.join(posix.dirname(path), sheet!);
      if (!(sheetPath in sheets)) throw new Error(`${path} imports ${sheet}, which the content editor's preview does not have`);
      imported.add(sheetPath);
    }
  const styles = Object.values(components).flatMap((source) => [...source.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!));
  return [base, ...[...imported].map((path) => sheets[path]!), ...styles, EDITOR_PREVIEW].join('\n');
}

export const previewCss = (): string => previewStylesheet(COMPONENTS, SHEETS);
