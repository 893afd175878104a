/**
 * The PDF of a tax invoice or credit note (@cantoo/pdf-lib, the maintained pdf-lib). Only the
 * download function imports this module, so pdf-lib, fontkit and the fonts are bundled there and
 * nowhere else. Text is drawn in Noto faces (pdf-fonts.ts): the rupee sign, and names in the
 * Indian scripts, print as written.
 */
import { PDFDocument, rgb, type PDFPage } from '@cantoo/pdf-lib';
import { stateName } from '../../../src/shared/gstin.ts';
import { formatPaise } from '../../../src/shared/money.ts';
import type { InvoiceDocument } from './documents.ts';
import { draw, shape, typesetFor, type Typeset } from './pdf-text.ts';

/** "₹2,49,000.00": the site's formatter, paise always shown on a tax document. */
const rupees = (paise: number) => formatPaise(paise).replace(/^(₹[\d,]+)$/, '$1.00');
/** At most `n` characters, never cutting one in half. */
const clip = (value: string, n: number) => Array.from(value).slice(0, n).join('');
const place = (code: string) => `${stateName(code) ?? 'Unknown state'} (${code})`;
const istDay = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });

type Ink = { page: PDFPage; typeset: Typeset; y: number };
const INK = rgb(0.1, 0.1, 0.12);
const LEFT = 50;
const RIGHT = 545;

function text(ink: Ink, value: string, options: { x?: number; size?: number; bold?: boolean; right?: boolean } = {}): void {
  const line = shape(ink.typeset, value, options.size ?? 10, options.bold);
  const x = options.right ? (options.x ?? RIGHT) - line.width : (options.x ?? LEFT);
  draw(ink.typeset, ink.page, line, x, ink.y, INK, options.bold);
}

function row(ink: Ink, label: string, value: string, options: { bold?: boolean } = {}): void {
  text(ink, label, { x: 300, ...options });
  text(ink, value, { right: true, ...options });
  ink.y -= 16;
}

function rule(ink: Ink): void {
  ink.page.drawLine({ start: { x: LEFT, y: ink.y + 8 }, end: { x: RIGHT, y: ink.y + 8 }, thickness: 0.5, color: rgb(0.7, 0.7, 0.75) });
  ink.y -= 6;
}

/** One document: 'TAX INVOICE' or 'CREDIT NOTE', the parties, the lines and the totals. */
export async function renderTaxDocument(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.kind === 'invoice' ? 'Tax invoice' : 'Credit note'} ${doc.number}`);
  pdf.setAuthor(doc.supplier.legalName);
  const page = pdf.addPage([595.28, 841.89]);
  // Every string of the document decides which script faces are embedded.
  const ink: Ink = { page, typeset: await typesetFor(pdf, [JSON.stringify(doc)]), y: 790 };

  text(ink, doc.kind === 'invoice' ? 'TAX INVOICE' : 'CREDIT NOTE', { size: 18, bold: true });
  text(ink, doc.number, { size: 12, bold: true, right: true });
  ink.y -= 28;
  text(ink, doc.supplier.legalName, { bold: true, size: 11 });
  ink.y -= 14;
  for (const line of doc.supplier.address.split('\n')) {
    text(ink, line);
    ink.y -= 13;
  }
  text(ink, `GSTIN: ${doc.supplier.gstin}`);
  ink.y -= 13;
  text(ink, `State: ${place(doc.supplier.stateCode)}`);
  ink.y -= 24;

  const facts: [string, string][] = [
    [doc.kind === 'invoice' ? 'Invoice number' : 'Credit note number', doc.number],
    [doc.kind === 'invoice' ? 'Invoice date' : 'Credit note date', istDay.format(doc.issuedAt)],
    ...(doc.original
      ? ([['Against invoice', `${doc.original.number} of ${istDay.format(doc.original.issuedAt)}`]] as [string, string][])
      : []),
    ['Place of supply', place(doc.buyer.stateCode)],
    ['Tax payable on reverse charge', 'No'],
    ...(doc.paymentId ? ([['Payment ID', doc.paymentId]] as [string, string][]) : []),
  ];
  for (const [label, value] of facts) {
    text(ink, label);
    text(ink, value, { x: 200 });
    ink.y -= 14;
  }
  ink.y -= 12;
  text(ink, 'Bill to', { bold: true, size: 11 });
  ink.y -= 14;
  for (const line of [
    doc.buyer.businessName,
    doc.buyer.name,
    doc.buyer.email,
    doc.buyer.gstin ? `GSTIN: ${doc.buyer.gstin}` : null,
    `State: ${place(doc.buyer.stateCode)}`,
  ]) {
    if (!line) continue;
    text(ink, line);
    ink.y -= 13;
  }
  if (doc.reason) {
    ink.y -= 6;
    text(ink, `Reason: ${clip(doc.reason, 110)}`);
    ink.y -= 13;
  }
  ink.y -= 20;

  text(ink, 'Description', { bold: true });
  text(ink, 'SAC', { x: 360, bold: true });
  text(ink, 'Taxable value', { right: true, bold: true });
  // The rule under the headings clears their descenders ("p" of Description).
  ink.y -= 14;
  rule(ink);
  ink.y -= 2;
  text(ink, clip(doc.description, 60));
  text(ink, doc.sac, { x: 360 });
  text(ink, rupees(doc.taxablePaise), { right: true });
  ink.y -= 24;
  const half = doc.gstRatePercent / 2;
  if (doc.discount) {
    // The list price and the code's discount; the tax below is on what was paid.
    row(ink, 'Price (GST included)', rupees(doc.discount.listPaise));
    row(ink, `Discount (${doc.discount.code})`, `- ${rupees(doc.discount.discountPaise)}`);
    row(ink, 'Amount paid (GST included)', rupees(doc.totalPaise));
    rule(ink);
    ink.y -= 4;
  }
  row(ink, 'Taxable value', rupees(doc.taxablePaise));
  if (doc.igstPaise > 0 || doc.buyer.stateCode !== doc.supplier.stateCode) {
    row(ink, `IGST @ ${doc.gstRatePercent}%`, rupees(doc.igstPaise));
  } else {
    row(ink, `CGST @ ${half}%`, rupees(doc.cgstPaise));
    row(ink, `SGST @ ${half}%`, rupees(doc.sgstPaise));
  }
  rule(ink);
  ink.y -= 4;
  row(ink, doc.kind === 'invoice' ? 'Total (GST included)' : 'Total credited (GST included)', rupees(doc.totalPaise), { bold: true });
  ink.y -= 30;
  text(ink, 'This is a computer-generated document and needs no signature.', { size: 8 });
  return pdf.save({ useObjectStreams: false });
}
