/**
 * The PDF of a tax invoice or credit note (pdf-lib). Only the download function imports this
 * module, so pdf-lib is bundled there and nowhere else. The standard Helvetica font cannot draw
 * the rupee sign, so amounts read "Rs. 2,49,000.00" (the site's formatter, sign swapped).
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { stateName } from '../../../src/shared/gstin.ts';
import { formatPaise } from '../../../src/shared/money.ts';
import type { InvoiceDocument } from './documents.ts';

const rupees = (paise: number) =>
  formatPaise(paise)
    .replace('₹', 'Rs. ')
    .replace(/^(Rs\. [\d,]+)$/, '$1.00');
const place = (code: string) => `${stateName(code) ?? 'Unknown state'} (${code})`;
const istDay = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });

type Ink = { page: PDFPage; font: PDFFont; bold: PDFFont; y: number };
const LEFT = 50;
const RIGHT = 545;

function text(ink: Ink, value: string, options: { x?: number; size?: number; bold?: boolean; right?: boolean } = {}): void {
  const size = options.size ?? 10;
  const font = options.bold ? ink.bold : ink.font;
  // WinAnsi only: anything it cannot draw becomes "?" rather than failing the whole document.
  const safe = value.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
  const x = options.right ? (options.x ?? RIGHT) - font.widthOfTextAtSize(safe, size) : (options.x ?? LEFT);
  ink.page.drawText(safe, { x, y: ink.y, size, font, color: rgb(0.1, 0.1, 0.12) });
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
  const ink: Ink = {
    page,
    font: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    y: 790,
  };

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
    text(ink, `Reason: ${doc.reason.slice(0, 110)}`);
    ink.y -= 13;
  }
  ink.y -= 20;

  text(ink, 'Description', { bold: true });
  text(ink, 'SAC', { x: 360, bold: true });
  text(ink, 'Taxable value', { right: true, bold: true });
  ink.y -= 8;
  rule(ink);
  ink.y -= 8;
  text(ink, doc.description.slice(0, 60));
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
