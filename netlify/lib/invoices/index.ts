/**
 * GST tax invoices and credit notes: gapless numbers per financial year, the tax split in
 * paise, the PDF, signed download links, the buyer's billing details, and a receipt's invoice lines.
 */
export * from './access.ts';
export * from './billing.ts';
export * from './documents.ts';
export * from './issue.ts';
export * from './render.ts';
export * from './settings.ts';
export * from './tax.ts';
export * from './emails.ts';
