/**
 * Tax invoices and credit notes (GST, India). Both are issued inside the caller's transaction:
 * an invoice with the payment it documents, a credit note with the refund. Numbers come from a
 * counter row per series and financial year, incremented by `insert ... on conflict do update
 * ... returning` in that same transaction: concurrent payments queue on the row lock, and a
 * transaction that rolls back gives its number back, so the series has no gaps and no repeats
 * (and the unique constraints on number and (financial_year, sequence) would refuse one).
 *
 * For refunds:
 *
 *   issueCreditNote(tx, { invoiceId, amountPaise, reason, at? }): Promise<IssuedCreditNote>
 *     tx          the refund's transaction (db().begin): the credit note commits with it
 *     invoiceId   invoices.id (string or number) of the payment being refunded
 *     amountPaise integer paise, GST included, > 0 and at most what is left of the invoice
 *                 (its total minus earlier credit notes); otherwise an HttpError 400 naming
 *                 what is left, and nothing is written
 *     reason      one line, 1-500 characters, printed on the credit note
 *   answers { id, number ('ASPC/26-27/00001'), issuedAt, invoiceId, invoiceNumber, totalPaise,
 *   taxablePaise, cgstPaise, sgstPaise, igstPaise, pdfUrl } where pdfUrl is the download link
 *   (for the refund email; works without a login, for that document only).
 *   remainingOnInvoice(tx, invoiceId) answers what can still be credited.
 *   invoiceForOrder(tx, gatewayOrderId) finds the invoice of a paid order; invoiceLinks(tx, orderIds)
 *   answers { number, pdfUrl } per order for screens.
 */
import { type Db, type Tx, HttpError } from '../platform/index.ts';
import type { InvoiceLinkDto } from '../../../src/shared/order.ts';
import { documentPath, documentUrl } from './access.ts';
import { supplier } from './settings.ts';
import { creditLines, creditNoteNumber, financialYear, invoiceNumber, splitTax, type TaxLines } from './tax.ts';

export type InvoiceBuyer = { name: string; email: string; stateCode: string | null; gstin: string | null; businessName: string | null };

export type InvoiceInput = {
  purpose: string;
  orderId: string;
  paymentId: string;
  accountId: string | null;
  registrationId: string | null;
  /** What was supplied, e.g. "Course: Data Analytics". */
  description: string;
  /** What the buyer paid, GST included. */
  totalPaise: number;
  buyer: InvoiceBuyer;
  /** A code's discount: the invoice shows the list price and the discount; its tax is on what was paid. */
  discount?: InvoiceDiscount | null;
  /** The moment of issue (tests pin it); defaults to now. */
  at?: Date;
};

export type InvoiceDiscount = { code: string; listPaise: number; discountPaise: number };
export type IssuedInvoice = TaxLines & {
  id: string;
  number: string;
  issuedAt: Date;
  totalPaise: number;
  pdfUrl: string;
  discount: InvoiceDiscount | null;
};
export type IssuedCreditNote = TaxLines & {
  id: string;
  number: string;
  issuedAt: Date;
  invoiceId: string;
  invoiceNumber: string;
  totalPaise: number;
  pdfUrl: string;
};

type Series = 'invoice' | 'credit-note';

async function nextSequence(tx: Tx, series: Series, fy: string): Promise<number> {
  const [row] = await tx<{ last_number: number }[]>`
    insert into document_counters (series, financial_year, last_number) values (${series}, ${fy}, 1)
    on conflict (series, financial_year) do update set last_number = document_counters.last_number + 1
    returning last_number`;
  return Number(row!.last_number);
}

/**
 * Issues the tax invoice of a captured payment. The place of supply is the buyer's state; an
 * order placed before checkouts asked for it has none on record, and then (IGST Act s.12(2)(b))
 * the supplier's location is the place of supply.
 */
export async function issueInvoice(tx: Tx, input: InvoiceInput): Promise<IssuedInvoice> {
  const s = supplier();
  const at = input.at ?? new Date();
  const fy = financialYear(at);
  const buyerState = input.buyer.stateCode ?? s.stateCode;
  const lines = splitTax(input.totalPaise, s.gstRatePercent, buyerState === s.stateCode);
  const discount = input.discount && input.discount.discountPaise > 0 ? input.discount : null;
  const sequence = await nextSequence(tx, 'invoice', fy);
  const number = invoiceNumber(s.invoicePrefix, fy, sequence);
  const [row] = await tx<{ id: string }[]>`
    insert into invoices (number, financial_year, sequence, issued_at, purpose, order_id, payment_id, account_id, registration_id,
      description, buyer_name, buyer_email, buyer_state_code, buyer_gstin, buyer_business_name,
      supplier_legal_name, supplier_address, supplier_state_code, supplier_gstin, sac, gst_rate_percent,
      total_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, list_paise, discount_paise, discount_code)
    values (${number}, ${fy}, ${sequence}, ${at}, ${input.purpose}, ${input.orderId}, ${input.paymentId}, ${input.accountId},
      ${input.registrationId}, ${input.description.slice(0, 200)}, ${input.buyer.name.slice(0, 120) || input.buyer.email},
      ${input.buyer.email}, ${buyerState}, ${input.buyer.gstin}, ${input.buyer.businessName},
      ${s.legalName}, ${s.address.join('\n')}, ${s.stateCode}, ${s.gstin}, ${s.sac}, ${s.gstRatePercent},
      ${input.totalPaise}, ${lines.taxablePaise}, ${lines.cgstPaise}, ${lines.sgstPaise}, ${lines.igstPaise},
      ${discount?.listPaise ?? null}, ${discount?.discountPaise ?? 0}, ${discount?.code ?? null})
    returning id::text as id`;
  return {
    id: row!.id,
    number,
    issuedAt: at,
    totalPaise: input.totalPaise,
    ...lines,
    pdfUrl: documentUrl('invoice', row!.id),
    discount,
  };
}

type Remaining = TaxLines & { invoiceId: string; number: string; totalPaise: number; leftPaise: number; ratePercent: number };

/** What can still be credited on an invoice (its lines minus earlier credit notes). Locks the invoice row. */
export async function remainingOnInvoice(tx: Db, invoiceId: string | number): Promise<Remaining> {
  const id = String(invoiceId);
  if (!/^[0-9]{1,18}$/.test(id)) throw new HttpError(404, 'Invoice not found');
  const [row] = await tx<
    { number: string; total: string; taxable: string; cgst: string; sgst: string; igst: string; rate: number; credited: string[] }[]
  >`
    select i.number, i.total_paise as total, i.taxable_paise as taxable, i.cgst_paise as cgst, i.sgst_paise as sgst,
           i.igst_paise as igst, i.gst_rate_percent as rate,
           array[coalesce(sum(c.taxable_paise), 0), coalesce(sum(c.cgst_paise), 0), coalesce(sum(c.sgst_paise), 0),
                 coalesce(sum(c.igst_paise), 0)]::text[] as credited
    from (select * from invoices where id = ${id} for update) i
    left join credit_notes c on c.invoice_id = i.id
    group by i.id, i.number, i.total_paise, i.taxable_paise, i.cgst_paise, i.sgst_paise, i.igst_paise, i.gst_rate_percent`;
  if (!row) throw new HttpError(404, 'Invoice not found');
  const [ct, cc, cs, ci] = row.credited.map(Number) as [number, number, number, number];
  const lines = {
    taxablePaise: Number(row.taxable) - ct,
    cgstPaise: Number(row.cgst) - cc,
    sgstPaise: Number(row.sgst) - cs,
    igstPaise: Number(row.igst) - ci,
  };
  const leftPaise = lines.taxablePaise + lines.cgstPaise + lines.sgstPaise + lines.igstPaise;
  return { invoiceId: id, number: row.number, totalPaise: Number(row.total), leftPaise, ratePercent: row.rate, ...lines };
}

/** Issues a credit note against an invoice (see the comment at the top of this file). */
export async function issueCreditNote(
  tx: Tx,
  input: { invoiceId: string | number; amountPaise: number; reason: string; at?: Date },
): Promise<IssuedCreditNote> {
  const reason = input.reason.trim();
  if (!reason || reason.length > 500 || /[\u0000-\u001f\u007f]/.test(reason))
    throw new HttpError(400, 'reason: Give a reason of at most 500 characters on one line');
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0)
    throw new HttpError(400, 'amount: The amount must be a positive number of paise');
  const remaining = await remainingOnInvoice(tx, input.invoiceId);
  if (input.amountPaise > remaining.leftPaise)
    throw new HttpError(400, `amount: At most ${remaining.leftPaise} paise is left to credit on invoice ${remaining.number}`);
  const lines = creditLines(input.amountPaise, remaining, remaining.ratePercent);
  const at = input.at ?? new Date();
  const fy = financialYear(at);
  const sequence = await nextSequence(tx, 'credit-note', fy);
  const number = creditNoteNumber(supplier().invoicePrefix, fy, sequence);
  const [row] = await tx<{ id: string }[]>`
    insert into credit_notes (number, financial_year, sequence, issued_at, invoice_id, reason,
      total_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise)
    values (${number}, ${fy}, ${sequence}, ${at}, ${remaining.invoiceId}, ${reason},
      ${input.amountPaise}, ${lines.taxablePaise}, ${lines.cgstPaise}, ${lines.sgstPaise}, ${lines.igstPaise})
    returning id::text as id`;
  return {
    id: row!.id,
    number,
    issuedAt: at,
    invoiceId: remaining.invoiceId,
    invoiceNumber: remaining.number,
    totalPaise: input.amountPaise,
    ...lines,
    pdfUrl: documentUrl('credit-note', row!.id),
  };
}

/** The invoice of a paid gateway order, if it has one. */
export async function invoiceForOrder(tx: Db, gatewayOrderId: string): Promise<{ id: string; number: string } | undefined> {
  const [row] = await tx<{ id: string; number: string }[]>`select id::text as id, number from invoices where order_id = ${gatewayOrderId}`;
  return row;
}

/**
 * The learner-facing links ({ number, pdfUrl }) of the invoices of these paid gateway orders,
 * by order id: for any screen that lists payments (purchases, applications).
 */
export async function invoiceLinks(tx: Db, gatewayOrderIds: string[]): Promise<Map<string, InvoiceLinkDto>> {
  if (gatewayOrderIds.length === 0) return new Map();
  const rows = await tx<{ id: string; number: string; order_id: string }[]>`
    select id::text as id, number, order_id from invoices where order_id in ${tx(gatewayOrderIds)}`;
  return new Map(rows.map((r) => [r.order_id, { number: r.number, pdfUrl: documentPath('invoice', r.id) }]));
}
