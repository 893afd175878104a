/**
 * The file formats and size ceiling of applicants' documents, without zod: the content editor's
 * checklist schema and the upload screens share them, and nothing here makes a schema.
 */
export const DOCUMENT_FORMATS = ['pdf', 'jpeg', 'png'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
export const FORMAT_CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
};
export const FORMAT_LABELS: Record<DocumentFormat, string> = { pdf: 'PDF', jpeg: 'JPEG', png: 'PNG' };
/** What the file picker offers for each format. */
export const FORMAT_ACCEPT: Record<DocumentFormat, string> = {
  pdf: '.pdf,application/pdf',
  jpeg: '.jpg,.jpeg,image/jpeg',
  png: '.png,image/png',
};

/** No checklist may allow more per file than this (MB). */
export const DOCUMENT_MAX_MB = 10;
