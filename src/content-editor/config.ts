/**
 * The content editor's configuration (Sveltia CMS, served as /content-editor/config.json), made
 * from the content schemas and CONTENT_FILES (src/content-collections.ts) at build time: every
 * collection, and in it every field with the schema's limits, so the editor and the build agree.
 * Each edit goes to its own branch and pull request (editorial workflow) with a deploy preview;
 * people sign in through Netlify's OAuth provider with their GitHub account, so only those with
 * write access to the repository can publish. Options: https://sveltiacms.app/en/docs
 */
import { z } from 'astro/zod';
import { CONTENT_FILES, contentSchemas, type CollectionName } from '../content-collections.ts';
import { fieldsOf, type EditorField } from './fields.ts';

/** Page address of the editor; its configuration and script are served under it. */
export const EDITOR_PATH = '/content-editor';

/** In the editor a reference is a pick of an existing entry (a Relation field): see fields.ts. */
export const editorReference = (collection: 'courses' | 'faqs') => z.string().min(1).meta({ reference: collection });

type Presentation = {
  label: string;
  /** One entry's name, for "New FAQ set". */
  singular?: string;
  description: string;
  /** Folder collections: whether marketers may add files (a new FAQ set is useful, a new legal page is not). */
  create?: boolean;
  /** Which field names an entry in lists and in a new file's name. */
  identifier?: string;
  /** Where the page of an entry is, for "view on site" and the deploy preview. */
  previewPath?: string;
  /** Site-wide settings have nothing to preview beside them. */
  preview?: boolean;
};

/** How each collection appears in the editor, in the order of its menu. */
export const PRESENTATION: Record<CollectionName, Presentation> = {
  programmes: {
    label: 'Programme pages',
    singular: 'Programme page',
    description:
      'AspiraDemy, AspiraDiscover, AspiraElevate, AspiraAdmit, AspiraTank and the career pages: hero, key facts, fees and sections.',
    create: true,
    identifier: 'name',
    previewPath: '{{fields.href}}',
  },
  courses: {
    label: 'Course pages',
    singular: 'Course page',
    description: 'The landing pages /course/{id} of the five fixed courses. Prices in the shop are set by admins.',
    identifier: 'title',
    previewPath: '/course/{{fields.courseId}}',
  },
  faqs: {
    label: 'FAQ sets',
    singular: 'FAQ set',
    description: 'Questions and answers. A page shows a set by its name (the FAQ set field of a page or section).',
    create: true,
    identifier: 'heading',
  },
  pages: {
    label: 'Pages',
    singular: 'Page',
    description: 'About, FAQ, Help, Contact Us, registration, scholarship, popup, thank-you, success, 404: hero and sections.',
    identifier: 'seo.title',
    previewPath: '/{{slug}}',
  },
  legal: {
    label: 'Legal pages',
    singular: 'Legal page',
    description: 'Terms, Privacy, Refund & Cancellation and the Payment Methods intro, written in Markdown.',
    identifier: 'title',
    previewPath: '/{{slug}}',
  },
  home: {
    label: 'Home page',
    description: 'Hero, highlight figures, catalogue texts, scholarship spotlight, Help Center box.',
    previewPath: '/',
  },
  site: { label: 'Site settings', description: 'Brand, contact details, header menus, footer and the Contact Us bar.', preview: false },
  partners: {
    label: 'Partner logos',
    description: 'The scrolling logo strip on the home page: SVG logos in public/partners.',
    preview: false,
  },
  features: { label: 'Feature badges', description: 'The four badges on the home page.', preview: false },
  paymentMethods: {
    label: 'Payment methods',
    description: 'Icons in the footer and the list on the Payment Methods page: SVG icons in public/payments.',
    preview: false,
  },
  settings: {
    label: 'Invoice supplier',
    description: 'The business printed on every tax invoice. A change applies to invoices issued from then on.',
    preview: false,
  },
  documentChecklists: {
    label: 'Applicant documents',
    description:
      'The documents each programme asks its applicants for in My applications: which are required, accepted file types, size limit and a line of help.',
    preview: false,
  },
};

const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> =>
  (schema._zod.def as unknown as { shape: Record<string, z.ZodType> }).shape;

/** The Markdown text below the front matter of a legal page: not part of its schema. */
const MARKDOWN_BODY: EditorField = {
  name: 'body',
  label: 'Text',
  widget: 'markdown',
  hint: 'Headings with ##, lists with -, links as [text](/page)',
};

function collectionFor(name: CollectionName, schema: z.ZodType): Record<string, unknown> {
  const where = CONTENT_FILES[name];
  const shown = PRESENTATION[name];
  const common = { name, label: shown.label, description: shown.description, editor: { preview: shown.preview ?? true } };
  const preview = shown.previewPath ? { preview_path: shown.previewPath } : {};
  if ('list' in where) {
    const [list] = fieldsOf({ items: z.array(schema) }, name);
    const fields = [{ ...list, label: shown.label, root: true }];
    return { ...common, files: [{ name, label: shown.label, file: `src/content/${where.list}`, fields }] };
  }
  if ('file' in where) {
    return {
      ...common,
      files: [{ name, label: shown.label, file: `src/content/${where.file}`, fields: fieldsOf(shapeOf(schema), name), ...preview }],
    };
  }
  const markdown = where.extension === 'md';
  const fields = fieldsOf(shapeOf(schema), name);
  return {
    ...common,
    ...preview,
    label_singular: shown.singular,
    folder: `src/content/${where.folder}`,
    extension: where.extension,
    format: markdown ? 'frontmatter' : 'yaml',
    create: shown.create ?? false,
    delete: false,
    identifier_field: shown.identifier,
    summary: `{{${shown.identifier}}}`,
    slug: `{{${shown.identifier}}}`,
    fields: markdown ? [...fields, MARKDOWN_BODY] : fields,
  };
}

export type EditorSettings = { repo: string };

/** The repository the editor commits to, from Netlify's build (REPOSITORY_URL); local runs only read and write files. */
export function repositoryOf(url: string | undefined): string {
  return url?.match(/github\.com[/:]([^/]+\/[^/.]+)/)?.[1] ?? 'local/aspira-website';
}

export function editorConfig({ repo }: EditorSettings): Record<string, unknown> {
  const schemas = contentSchemas(editorReference);
  const names = Object.keys(PRESENTATION) as CollectionName[];
  return {
    backend: {
      name: 'github',
      repo,
      base_url: 'https://api.netlify.com',
      auth_methods: ['oauth'],
      squash_merges: true,
      preview_context: 'deploy-preview',
    },
    publish_mode: 'editorial_workflow',
    app_title: 'Aspira content editor',
    logo: { src: '/favicon.svg' },
    // Images that belong to a field go to that field's folder (public/partners, public/payments).
    media_folder: 'public/uploads',
    public_folder: '/uploads',
    media_libraries: { default: { config: { max_file_size: 200_000, slugify_filename: true } }, stock_assets: false },
    slug: { encoding: 'ascii', clean_accents: true },
    output: { omit_empty_optional_fields: true, yaml: { quote: 'none', indent_size: 2, indent_sequences: true } },
    collections: names.map((name) => collectionFor(name, schemas[name])),
  };
}
