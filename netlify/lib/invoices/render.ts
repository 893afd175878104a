import type { InvoiceDocument } from './documents.ts';

/**
 * The PDF of a tax invoice or credit note. The renderer (pdf-lib, fontkit, the fonts) is imported
 * on the first download only: the function's billing routes and its cold start never load it.
 */
export async function renderTaxDocument(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await import('./pdf.ts');
  return pdf.renderTaxDocument(doc);
}
