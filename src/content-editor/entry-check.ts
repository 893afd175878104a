/**
 * The build's own check of a whole entry, run in the content editor before it saves: the same
 * schemas (src/content-collections.ts), so what the build would refuse is refused here first, in
 * words and with the editor's labels ("Key facts › 3: a fact has either a value or a money
 * amount"). The editor's fields already catch most mistakes one by one; this adds the rules that
 * span fields (a fact's value or fee, a GSTIN that starts with its state code).
 */
import { z } from 'astro/zod';
import { CONTENT_FILES, contentSchemas, type CollectionName } from '../content-collections.ts';
import { editorReference } from './config.ts';
import { labelFor } from './labels.ts';

const schemas = contentSchemas(editorReference);

/** What the editor leaves out of the file when saving: its own bookkeeping ("__sc_item_id") and empty optional values. */
function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (value === null || typeof value !== 'object') return value;
  const kept = Object.entries(value).filter(([k, v]) => !k.startsWith('__sc_') && v !== '' && v !== null && v !== undefined);
  return Object.fromEntries(kept.map(([k, v]) => [k, withoutEmpty(v)]));
}

function labelOr(name: string, path: string): string {
  try {
    return labelFor(name, path);
  } catch {
    return name;
  }
}

/** "facts.2.money.amount" in the editor's words: "Key facts › 3 › Fee › Amount". */
function inWords(path: PropertyKey[]): string {
  const names = path.map(String);
  return names
    .map((name, i) => (/^\d+$/.test(name) ? String(Number(name) + 1) : labelOr(name, names.slice(0, i + 1).join('.'))))
    .join(' › ');
}

/** The problems the build would find in this entry of `collection`, in words; none when it would pass. */
export function entryProblems(collection: string, data: unknown): string[] {
  if (!(collection in schemas)) return [];
  const name = collection as CollectionName;
  const { body: _, ...fields } = (withoutEmpty(data) ?? {}) as Record<string, unknown>;
  // A list file (partner logos...) is checked entry by entry, as the build loads it.
  const entries = 'list' in CONTENT_FILES[name] ? ((Object.values(fields)[0] as unknown[] | undefined) ?? []) : [fields];
  const schema: z.ZodType = schemas[name];
  return entries.flatMap((entry, i) => {
    const result = schema.safeParse(entry);
    if (result.success) return [];
    const at = 'list' in CONTENT_FILES[name] ? `${i + 1} › ` : '';
    return result.error.issues.map((issue) => `${at}${issue.path.length ? `${inWords(issue.path)}: ` : ''}${issue.message}`);
  });
}
