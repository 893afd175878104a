/**
 * The content editor's fields, made from the content schemas (src/content-collections.ts): each
 * schema field becomes a Sveltia CMS field with the same required/optional, limits, pattern and
 * options, so a marketer is told what the build would refuse before saving. A schema shape this
 * file cannot show, or a field without a label (labels.ts), throws and names the field.
 * Sveltia's field options: https://sveltiacms.app/en/docs/fields
 */
import { z } from 'astro/zod';
import { labelFor, optionsFor } from './labels.ts';

export type EditorField = { name: string; label: string; widget: string } & Record<string, unknown>;

/** What a schema may carry for the editor beyond its shape (`.meta()`): see Reference and svgFile in src/content-schemas.ts. */
export type EditorMeta = {
  description?: string;
  reference?: 'courses' | 'faqs';
  upload?: { folder: string; accept: string; maxBytes: number };
};

type Check = { check: string; value?: number; inclusive?: boolean; minimum?: number; maximum?: number; length?: number } & {
  format?: string;
  pattern?: RegExp;
  error?: (issue: object) => unknown;
};
type Def = {
  type: string;
  checks?: { _zod: { def: Check } }[];
  format?: string;
  innerType?: z.ZodType;
  defaultValue?: unknown;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  entries?: Record<string, string>;
  values?: unknown[];
};

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;
const checksOf = (schema: z.ZodType) => (defOf(schema).checks ?? []).map((c) => c._zod.def);

/** The field a reference points to is shown by this field of the other collection's entries. */
const DISPLAY_FIELD = { faqs: 'heading', courses: 'title' } as const;
/** Free texts longer than this get a multi-line box (links and codes stay on one line). */
const MULTILINE_FROM = 200;
/** List items are summed up by the first of these fields they have. */
const SUMMARY_FIELDS = ['question', 'title', 'label', 'name', 'heading', 'category', 'value', 'network'];

/** Peels optional, default and the like off a schema; whatever they say about the field is kept. */
export function unwrap(schema: z.ZodType): { inner: z.ZodType; required: boolean; defaultValue?: unknown; meta: EditorMeta } {
  let inner = schema;
  let required = true;
  let defaultValue: unknown;
  let meta: EditorMeta = {};
  for (;;) {
    meta = { ...((z.globalRegistry.get(inner) ?? {}) as EditorMeta), ...meta };
    const def = defOf(inner);
    if (meta.reference) break;
    if (def.type === 'optional') required = false;
    else if (def.type === 'default') [required, defaultValue] = [false, def.defaultValue];
    else if (def.type !== 'pipe' && def.type !== 'readonly') break;
    inner = (def.type === 'pipe' ? def.in : def.innerType)!;
  }
  return { inner, required, defaultValue, meta };
}

function stringOptions(schema: z.ZodType): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  if (defOf(schema).format === 'email') options.type = 'email';
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length' && check.minimum! > 1) options.minlength = check.minimum;
    if (check.check === 'max_length') options.maxlength = check.maximum;
    if (check.check === 'string_format' && check.format === 'regex') {
      const message = check.error?.({}) ?? `must match ${String(check.pattern)}`;
      options.pattern = [String(check.pattern), message];
    }
  }
  const long = !options.pattern && typeof options.maxlength === 'number' && options.maxlength > MULTILINE_FROM;
  return { widget: long ? 'text' : 'string', ...options };
}

function numberOptions(schema: z.ZodType): Record<string, unknown> {
  const checks = checksOf(schema);
  const int = defOf(schema).format === 'safeint' || checks.some((c) => c.check === 'number_format' && c.format === 'safeint');
  const step = int ? 1 : 0.01;
  const options: Record<string, unknown> = { widget: 'number', value_type: int ? 'int' : 'float' };
  if (!int) options.step = step;
  for (const check of checks) {
    // An exclusive bound becomes the nearest value the input can take: "more than 0" is 0.01 for money.
    if (check.check === 'greater_than') options.min = check.inclusive ? check.value : check.value! + step;
    if (check.check === 'less_than') options.max = check.inclusive ? check.value : check.value! - step;
  }
  return options;
}

function listLimits(schema: z.ZodType): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') limits.min = check.minimum!;
    if (check.check === 'max_length') limits.max = check.maximum!;
    if (check.check === 'length_equals') limits.min = limits.max = check.length!;
  }
  return limits;
}

function summaryOf(fields: EditorField[]): Record<string, string> {
  const key = SUMMARY_FIELDS.find((name) => fields.some((f) => f.name === name));
  return key ? { summary: `{{fields.${key}}}` } : {};
}

function relation(collection: 'courses' | 'faqs'): Record<string, unknown> {
  const display = DISPLAY_FIELD[collection];
  return { widget: 'relation', collection, value_field: '{{slug}}', search_fields: [display], display_fields: [display] };
}

function image(upload: NonNullable<EditorMeta['upload']>): Record<string, unknown> {
  return {
    widget: 'image',
    media_folder: `/${upload.folder}`,
    public_folder: upload.folder.replace(/^public/, ''),
    accept: upload.accept,
    // Only files uploaded into the repository: no address typed in, no stock photos.
    choose_url: false,
    media_libraries: {
      default: { config: { max_file_size: upload.maxBytes, slugify_filename: true, transformations: { svg: { optimize: true } } } },
      stock_assets: false,
    },
  };
}

function listOf(schema: z.ZodType, path: string): Record<string, unknown> {
  const limits = listLimits(schema);
  const { inner: element, meta } = unwrap(defOf(schema).element!);
  if (meta.reference) return { ...relation(meta.reference), multiple: true, ...limits };
  const def = defOf(element);
  if (def.type === 'union' && def.discriminator) {
    const types = def.options!.map((option) => {
      const { [def.discriminator!]: tag, ...shape } = defOf(option).shape!;
      const name = String(defOf(unwrap(tag!).inner).values![0]);
      const fields = fieldsOf(shape, `${path}.${name}`);
      return { name, label: labelFor(name, `${path}.${name}`), widget: 'object', fields, ...summaryOf(fields) };
    });
    return { widget: 'list', typeKey: def.discriminator, types, collapsed: true, ...limits };
  }
  if (def.type === 'object') {
    const fields = fieldsOf(def.shape!, path);
    return { widget: 'list', fields, collapsed: true, ...summaryOf(fields), ...limits };
  }
  // Picks from fixed options are one field of named choices, in the order they were picked: no list items showing bare codes.
  if (def.type === 'enum') return { ...widgetOf(element, meta, `${path}.item`), multiple: true, ...limits };
  return { widget: 'list', field: fieldFor('item', element, `${path}.item`), ...limits };
}

function widgetOf(schema: z.ZodType, meta: EditorMeta, path: string): Record<string, unknown> {
  if (meta.reference) return relation(meta.reference);
  if (meta.upload) return image(meta.upload);
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringOptions(schema);
    case 'number':
      return numberOptions(schema);
    case 'boolean':
      return { widget: 'boolean' };
    case 'enum': {
      // An enum of codes ("01", "27") loses its order in the schema's object: put them back in order.
      const codes = Object.values(def.entries!);
      return { widget: 'select', options: optionsFor(path, codes.every((o) => /^\d+$/.test(o)) ? codes.sort() : codes) };
    }
    case 'literal':
      return { widget: 'hidden', default: def.values![0] };
    case 'object':
      return { widget: 'object', fields: fieldsOf(def.shape!, path) };
    case 'array':
      return listOf(schema, path);
    case 'record':
      return { widget: 'keyvalue' };
    default:
      throw new Error(`${path}: the content editor has no field for a schema of type "${def.type}" (src/content-editor/fields.ts)`);
  }
}

/** "Key facts" → "Key fact", for the list's "Add Key fact" button. */
const singular = (label: string) => label.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

/** The editor field for one schema field; `path` names it in errors ("programmes.hero.title"). */
export function fieldFor(name: string, schema: z.ZodType, path: string): EditorField {
  const { inner, required, defaultValue, meta } = unwrap(schema);
  const widget = widgetOf(inner, meta, path);
  const label = labelFor(name, path);
  // Each entry of a list of texts is named after the list: "Address line", not "Item".
  if (widget.field) widget.field = { ...(widget.field as EditorField), label: singular(label) };
  return {
    name,
    label,
    ...(widget.widget === 'list' && singular(label) !== label ? { label_singular: singular(label) } : {}),
    ...widget,
    ...(required ? {} : { required: false }),
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
    ...(meta.description && meta.description !== label && widget.widget !== 'hidden' ? { hint: meta.description } : {}),
  } as EditorField;
}

/** The editor fields of an object schema's shape, in the schema's order (the order the editor writes). */
export function fieldsOf(shape: Record<string, z.ZodType>, path: string): EditorField[] {
  return Object.entries(shape).map(([name, schema]) => fieldFor(name, schema, `${path}.${name}`));
}
