/**
 * The content editor cannot drift from the content schemas: its configuration is valid for Sveltia
 * CMS (the package's JSON Schema), covers every collection and file, and each schema field has an
 * editor field with a matching widget, required/optional, limits and options. The schema side is
 * read through zod's own JSON Schema, not through the generator, so a generator bug shows here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { CONTENT_FILES, contentSchemas, type CollectionName } from '../content-collections.ts';
import { hero, text } from '../content-schemas.ts';
import { FEE_OPTION_IDS, programmeLabel } from '../shared/registration-fees.ts';
import { editorConfig, editorReference, PRESENTATION, repositoryOf } from './config.ts';
import { fieldsOf, type EditorField } from './fields.ts';

type Json = Record<string, unknown> & { properties?: Record<string, Json>; required?: string[]; items?: Json; oneOf?: Json[] };
type Field = EditorField & { fields?: Field[]; types?: Field[]; field?: Field; pattern?: [string, string] };
type Collection = { name: string; fields?: Field[]; files?: { file: string; fields: Field[] }[]; folder?: string };

const config = editorConfig({ repo: 'aspira/website' });
const collections = config.collections as Collection[];
const schemas = contentSchemas(editorReference);
const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
const sveltiaSchema = () => {
  const entry = createRequire(import.meta.url).resolve('@sveltia/cms');
  return JSON.parse(readFileSync(join(dirname(entry), '..', 'schema', 'sveltia-cms.json'), 'utf8'));
};

/** The codes a pick saves (its options are codes, or names with codes). */
const codesOf = (options: unknown) => (options as (string | { value: string })[]).map((o) => (typeof o === 'string' ? o : o.value));

/** What the editor field must be for this JSON Schema property; returns the mismatches, each with its path. */
function compare(path: string, json: Json, field: Field, required: boolean): string[] {
  const problems: string[] = [];
  const expect = (ok: boolean, what: string) =>
    void (ok || problems.push(`${path}: ${what} (editor: ${JSON.stringify(field).slice(0, 160)})`));
  expect((field.required !== false) === required, `required ${required}`);
  if (json.default !== undefined)
    expect(JSON.stringify(field.default) === JSON.stringify(json.default), `default ${JSON.stringify(json.default)}`);
  const sameFields = (shape: Json, fields: Field[] = [], at = path) => {
    const names = Object.keys(shape.properties ?? {});
    expect(JSON.stringify(fields.map((f) => f.name)) === JSON.stringify(names), `fields ${names.join(', ')}`);
    for (const name of names) {
      const sub = fields.find((f) => f.name === name);
      if (sub) problems.push(...compare(`${at}.${name}`, shape.properties![name]!, sub, (shape.required ?? []).includes(name)));
    }
  };
  if (json.reference) {
    expect(field.widget === 'relation' && field.collection === json.reference, `a pick of ${String(json.reference)}`);
  } else if (json.upload) {
    const upload = json.upload as { folder: string; accept: string };
    expect(
      field.widget === 'image' && field.media_folder === `/${upload.folder}` && field.accept === upload.accept,
      `an image in ${upload.folder}`,
    );
  } else if (json.const !== undefined) {
    expect(field.widget === 'hidden' && field.default === json.const, `fixed at ${String(json.const)}`);
  } else if (json.enum) {
    expect(
      field.widget === 'select' && JSON.stringify(codesOf(field.options).sort()) === JSON.stringify([...(json.enum as string[])].sort()),
      `a choice of ${String(json.enum)}`,
    );
  } else if (json.type === 'string') {
    expect(field.widget === 'string' || field.widget === 'text', 'a text box');
    expect(field.maxlength === json.maxLength, `at most ${String(json.maxLength)} characters`);
    expect((field.minlength ?? 1) === ((json.minLength as number | undefined) ?? 1), `at least ${String(json.minLength)} characters`);
    if (json.format === 'email') expect(field.type === 'email', 'an email address');
    else if (json.pattern)
      expect(
        field.pattern !== undefined &&
          new RegExp(field.pattern[0].slice(1, field.pattern[0].lastIndexOf('/'))).source === new RegExp(json.pattern as string).source,
        `pattern ${String(json.pattern)}`,
      );
  } else if (json.type === 'number' || json.type === 'integer') {
    expect(field.widget === 'number' && field.value_type === (json.type === 'integer' ? 'int' : 'float'), `a ${String(json.type)}`);
    expect(field.max === json.maximum, `at most ${String(json.maximum)}`);
    if (json.exclusiveMinimum !== undefined)
      expect((field.min as number) > (json.exclusiveMinimum as number), `more than ${String(json.exclusiveMinimum)}`);
    else expect(field.min === json.minimum, `at least ${String(json.minimum)}`);
  } else if (json.type === 'boolean') {
    expect(field.widget === 'boolean', 'a yes/no');
  } else if (json.type === 'array') {
    expect(
      field.min === json.minItems && field.max === json.maxItems,
      `between ${String(json.minItems)} and ${String(json.maxItems)} items`,
    );
    const items = json.items!;
    if (items.reference)
      expect(
        field.widget === 'relation' && field.multiple === true && field.collection === items.reference,
        `picks of ${String(items.reference)}`,
      );
    else if (items.oneOf) {
      const names = items.oneOf.map((option) => (option.properties!.type as Json).const);
      expect(JSON.stringify(field.types?.map((t) => t.name)) === JSON.stringify(names), `blocks ${names.join(', ')}`);
      for (const option of items.oneOf) {
        const type = field.types?.find((t) => t.name === (option.properties!.type as Json).const);
        const { type: _, ...properties } = option.properties!;
        if (type) sameFields({ ...option, properties }, type.fields, `${path}.${type.name}`);
      }
    } else if (items.type === 'object') sameFields(items, field.fields);
    else if (items.enum)
      expect(
        field.widget === 'select' &&
          field.multiple === true &&
          JSON.stringify(codesOf(field.options).sort()) === JSON.stringify([...(items.enum as string[])].sort()),
        `picks of ${(items.enum as string[]).join(', ')}`,
      );
    else if (field.field) problems.push(...compare(`${path}.item`, items, field.field, true));
    else expect(false, 'one field per item');
  } else if (json.type === 'object' && json.additionalProperties && typeof json.additionalProperties === 'object') {
    expect(field.widget === 'keyvalue', 'name/text pairs');
  } else if (json.type === 'object') {
    expect(field.widget === 'object', 'a group of fields');
    sameFields(json, field.fields);
  } else {
    expect(false, `a schema the test does not know: ${JSON.stringify(json).slice(0, 80)}`);
  }
  return problems;
}

/** The fields the editor shows for a collection, and what its schema says (root lists: one entry). */
function editorFieldsOf(name: CollectionName): { fields: Field[]; json: Json } {
  const collection = collections.find((c) => c.name === name)!;
  const fields = collection.files?.[0]?.fields ?? collection.fields!;
  const json = jsonSchemaOf(schemas[name]);
  if ('list' in CONTENT_FILES[name]) return { fields: fields[0]!.fields!, json };
  return { fields: name === 'legal' ? fields.filter((f) => f.name !== 'body') : fields, json };
}

describe('content editor configuration', () => {
  it('is valid for Sveltia CMS (its published JSON Schema)', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addFormat('regex', (value: string) => Boolean(value));
    ajv.addFormat('uri', (value: string) => URL.canParse(value));
    const validate = ajv.compile(sveltiaSchema());
    expect(validate(config), JSON.stringify(validate.errors?.slice(0, 3), null, 1)).toBe(true);
  });

  it('edits every collection, in the files the build reads', () => {
    expect(collections.map((c) => c.name).sort()).toEqual(Object.keys(CONTENT_FILES).sort());
    expect(Object.keys(PRESENTATION).sort()).toEqual(Object.keys(CONTENT_FILES).sort());
    for (const [name, where] of Object.entries(CONTENT_FILES)) {
      const collection = collections.find((c) => c.name === name)!;
      const path = 'folder' in where ? where.folder : 'list' in where ? where.list : where.file;
      expect(collection.folder ?? collection.files?.[0]?.file).toBe(`src/content/${path}`);
    }
  });

  it.each(Object.keys(CONTENT_FILES) as CollectionName[])(
    'has every field of the %s schema, with its widget, required/optional, limits and options',
    (name) => {
      const { fields, json } = editorFieldsOf(name);
      const root = { type: 'object', properties: json.properties, required: json.required } as Json;
      expect(compare(name, root, { name, label: name, widget: 'object', fields } as Field, true)).toEqual([]);
    },
  );

  it('commits to the repository Netlify builds, through Netlify’s OAuth provider, a pull request per edit', () => {
    expect(repositoryOf('https://github.com/aspira/website')).toBe('aspira/website');
    expect(repositoryOf('git@github.com:aspira/website.git')).toBe('aspira/website');
    expect(repositoryOf(undefined)).toBe('local/aspira-website');
    expect(config).toMatchObject({
      backend: { name: 'github', repo: 'aspira/website', base_url: 'https://api.netlify.com', auth_methods: ['oauth'] },
      publish_mode: 'editorial_workflow',
    });
  });

  it('refuses a negative or zero fee, and an amount past the schema’s limit', () => {
    const [amount] = fieldsOf({ amount: z.number().positive().max(10_000_000) }, 'fee');
    expect(amount).toMatchObject({ widget: 'number', value_type: 'float', min: 0.01, max: 10_000_000 });
  });

  it('names each fee option of a document checklist as the registration form does, and saves its code', () => {
    const file = collections.find((c) => c.name === 'documentChecklists')!.files![0]!;
    const checklists = file.fields.find((f) => f.name === 'checklists')!;
    const feeOptions = checklists.fields!.find((f) => f.name === 'feeOptions')!;
    expect(feeOptions).toMatchObject({ widget: 'select', multiple: true });
    expect(feeOptions.options).toEqual(FEE_OPTION_IDS.map((id) => ({ label: programmeLabel(id), value: id })));
    expect(feeOptions.options).toContainEqual({ label: 'PLOR', value: 'plor' });
  });

  it('fails, naming the field, when a schema gains a field the editor cannot label', () => {
    const changed = z.strictObject({ hero: hero.extend({ subtitle: text(80) }) });
    expect(() => fieldsOf(changed.shape, 'programmes')).toThrow(
      /programmes\.hero\.subtitle: the content editor has no label for "subtitle"/,
    );
  });

  it('fails, naming the field, when a schema gains a kind of field the editor has no widget for', () => {
    expect(() => fieldsOf({ starts: z.date() }, 'programmes')).toThrow(/programmes\.starts: .* no field for a schema of type "date"/);
  });
});
