/**
 * The form the content editor (Sveltia CMS) writes a content file in: keys in the order of the
 * editor's fields (for page sections, the order of each key's first use across the block types),
 * YAML with two-space indents and no line folding, quotes only where YAML needs them, no comments.
 * A file kept in this form changes only where a marketer edits it, so a review shows just the edit.
 *
 *   node scripts/content-form.ts           lists the files of src/content not in this form
 *   node scripts/content-form.ts --write   rewrites them (after a hand edit that added a comment, say)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, stringify } from 'yaml';
import { editorConfig } from '../src/content-editor/config.ts';
import type { EditorField } from '../src/content-editor/fields.ts';

type Field = EditorField & { fields?: Field[]; types?: Field[]; field?: Field; typeKey?: string; root?: boolean };
type Collection = { folder?: string; extension?: string; format?: string; fields?: Field[]; files?: { file: string; fields: Field[] }[] };

const ROOT = join(import.meta.dirname, '..');

/** Every key path the fields name, in the editor's order ("sections.*.heading"); Sveltia's createKeyPathList. */
function keyPaths(fields: Field[], prefix = ''): string[] {
  return fields.flatMap((field) => {
    const path = `${prefix}${field.name}`;
    const item = field.widget === 'list' ? `${path}.*` : path;
    if (field.fields) return [path, ...keyPaths(field.fields, `${item}.`)];
    if (field.types)
      return [path, `${item}.${field.typeKey ?? 'type'}`, ...field.types.flatMap((type) => keyPaths(type.fields ?? [], `${item}.`))];
    if (field.widget === 'list') return [path, ...(field.field ? keyPaths([{ ...field.field, name: '*' }], `${path}.`) : [`${path}.*`])];
    if (field.widget === 'relation' && field.multiple) return [path, `${path}.*`];
    return [path];
  });
}

function flatten(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  const isBranch = value !== null && typeof value === 'object' && Object.keys(value).length > 0;
  if (!isBranch) into.set(prefix, value);
  else for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

function unflatten(entries: [string, unknown][]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, value] of entries) {
    const keys = path.split('.');
    let node: Record<string, unknown> = root;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value;
      else node = (node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

/** `data` with its keys in the order the editor writes them. */
export function sortedLikeEditor(fields: Field[], data: Record<string, unknown>): Record<string, unknown> {
  const unsorted = flatten(data, '', new Map());
  const sorted: [string, unknown][] = [];
  for (const path of keyPaths(fields)) {
    const pattern = new RegExp(`^${path.replaceAll('.', '\\.').replaceAll('*', '\\d+')}$`);
    for (const [key, value] of unsorted) {
      if (!pattern.test(key)) continue;
      sorted.push([key, value]);
      unsorted.delete(key);
    }
  }
  return unflatten([...sorted, ...unsorted]);
}

const yaml = (data: unknown) =>
  stringify(data, {
    indent: 2,
    indentSeq: true,
    lineWidth: 0,
    defaultKeyType: 'PLAIN',
    defaultStringType: 'PLAIN',
    singleQuote: true,
  }).trim();

/** The text the editor would write for this file (`path` relative to the repository). */
export function editorForm(
  path: string,
  text: string,
  collections = editorConfig({ repo: 'local/form' }).collections as Collection[],
): string {
  for (const collection of collections) {
    const file = collection.files?.find((f) => f.file === path);
    const inFolder = collection.folder && path.startsWith(`${collection.folder}/`) && path.endsWith(`.${collection.extension}`);
    if (!file && !inFolder) continue;
    const fields = file?.fields ?? collection.fields!;
    if (fields[0]?.root) return `${yaml(sortedLikeEditor(fields, { [fields[0].name]: parse(text) })[fields[0].name])}\n`;
    if (path.endsWith('.json')) return `${JSON.stringify(sortedLikeEditor(fields, JSON.parse(text)), null, 2)}\n`;
    if (collection.format !== 'frontmatter') return `${yaml(sortedLikeEditor(fields, parse(text)))}\n`;
    const [, head = '', body = ''] = /^---\n([\s\S]*?)\n---\n?\n?([\s\S]*)$/.exec(text.trim()) ?? [];
    const { body: _, ...front } = sortedLikeEditor(fields, parse(head));
    return `---\n${yaml(front)}\n---\n${body ? `\n${body}\n` : ''}`;
  }
  throw new Error(`${path}: no collection of the content editor holds this file`);
}

/** Every file under src/content, relative to the repository. */
export function contentFiles(dir = join(ROOT, 'src', 'content')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? contentFiles(join(dir, entry.name)) : [relative(ROOT, join(dir, entry.name))],
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const write = process.argv.includes('--write');
  const differing = contentFiles().filter((path) => {
    const text = readFileSync(join(ROOT, path), 'utf8');
    const form = editorForm(path, text);
    if (form !== text && write) writeFileSync(join(ROOT, path), form);
    return form !== text;
  });
  console.log(
    differing.length
      ? `${write ? 'rewrote' : 'not in the editor’s form'}:\n  ${differing.join('\n  ')}`
      : 'every content file is in the editor’s form',
  );
  if (differing.length && !write) process.exitCode = 1;
}
