/**
 * The content collections of the build: each one's files (CONTENT_FILES) checked by its schema
 * (src/content-collections.ts) at build time. A missing field, a text that is too long or a
 * malformed link fails `astro build` with a message naming the file and the field, and a reference
 * to an FAQ set or course with no file behind it fails too. How to edit: docs/content.md.
 */
import { defineCollection, reference } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { CONTENT_FILES, contentSchemas, type ContentFiles } from './content-collections.ts';
import { sampleGstinInProduction } from './shared/supplier.ts';
import supplierFile from './content/settings/supplier.json' with { type: 'json' };

function loader(files: ContentFiles) {
  if ('list' in files) return file(`src/content/${files.list}`);
  if ('folder' in files) return glob({ pattern: `*.${files.extension}`, base: `./src/content/${files.folder}` });
  const slash = files.file.lastIndexOf('/');
  return glob({ pattern: files.file.slice(slash + 1), base: `./src/content/${files.file.slice(0, slash + 1)}` });
}

const schemas = contentSchemas(reference);

// Checked here, on every build, not in the schema: the content cache skips unchanged files, and
// this depends on the deploy context, not on the file.
if (sampleGstinInProduction(supplierFile, process.env.CONTEXT)) {
  throw new Error(
    'src/content/settings/supplier.json: gstin is still the sample. Enter the GSTIN of the business before a production deploy',
  );
}

export const collections = {
  site: defineCollection({ loader: loader(CONTENT_FILES.site), schema: schemas.site }),
  home: defineCollection({ loader: loader(CONTENT_FILES.home), schema: schemas.home }),
  programmes: defineCollection({ loader: loader(CONTENT_FILES.programmes), schema: schemas.programmes }),
  courses: defineCollection({ loader: loader(CONTENT_FILES.courses), schema: schemas.courses }),
  faqs: defineCollection({ loader: loader(CONTENT_FILES.faqs), schema: schemas.faqs }),
  pages: defineCollection({ loader: loader(CONTENT_FILES.pages), schema: schemas.pages }),
  partners: defineCollection({ loader: loader(CONTENT_FILES.partners), schema: schemas.partners }),
  features: defineCollection({ loader: loader(CONTENT_FILES.features), schema: schemas.features }),
  paymentMethods: defineCollection({ loader: loader(CONTENT_FILES.paymentMethods), schema: schemas.paymentMethods }),
  legal: defineCollection({ loader: loader(CONTENT_FILES.legal), schema: schemas.legal }),
  settings: defineCollection({ loader: loader(CONTENT_FILES.settings), schema: schemas.settings }),
  documentChecklists: defineCollection({ loader: loader(CONTENT_FILES.documentChecklists), schema: schemas.documentChecklists }),
};
