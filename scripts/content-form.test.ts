/**
 * Every content file is already in the form the content editor writes (scripts/content-form.ts),
 * so an edit made in the editor changes only the lines the marketer changed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentFiles, editorForm } from './content-form.ts';

const ROOT = join(import.meta.dirname, '..');

describe('content files', () => {
  it.each(contentFiles())('%s is in the form the content editor writes (fix: node scripts/content-form.ts --write)', (path) => {
    const text = readFileSync(join(ROOT, path), 'utf8');
    expect(editorForm(path, text)).toBe(text);
  });

  it('puts keys in the editor’s order, drops comments and quotes only what YAML needs', () => {
    const text = "# a note\nheading: 'Questions'\ngroups:\n  - items:\n      - answer: Yes.\n        question: 'Why: now?'\n";
    expect(editorForm('src/content/faqs/x.yaml', text)).toBe(
      "heading: Questions\ngroups:\n  - items:\n      - question: 'Why: now?'\n        answer: Yes.\n",
    );
  });
});
