/**
 * Reading an invoice or credit note for download, and who may: the buyer through the keyed
 * link (payment email, /success), the learner who paid (session), an owner admin. Anyone else
 * learns nothing (404), a visitor without a session or key is asked to log in (401).
 */
import type { Session } from '../auth/index.ts';
import { db, HttpError } from '../platform/index.ts';
import { keyMatches, type DocumentKind } from './access.ts';

export type InvoiceDocument = {
  kind: DocumentKind;
  id: string;
  number: string;
  issuedAt: Date;
  supplier: { legalName: string; address: string; stateCode: string; gstin: string };
  buyer: { name: string; email: string; stateCode: string; gstin: string | null; businessName: string | null };
  description: string;
  sac: string;
  gstRatePercent: number;
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** A code's discount (invoices only): the list price (GST included) and what the code took off it. */
  discount: { code: string; listPaise: number; discountPaise: number } | null;
  paymentId: string | null;
  accountId: string | null;
  registrationId: string | null;
  original?: { number: string; issuedAt: Date };
  reason?: string;
};

type Row = {
  id: string;
  number: string;
  issued_at: Date;
  supplier_legal_name: string;
  supplier_address: string;
  supplier_state_code: string;
  supplier_gstin: string;
  buyer_name: string;
  buyer_email: string;
  buyer_state_code: string;
  buyer_gstin: string | null;
  buyer_business_name: string | null;
  description: string;
  sac: string;
  gst_rate_percent: number;
  total_paise: string;
  taxable_paise: string;
  cgst_paise: string;
  sgst_paise: string;
  igst_paise: string;
  list_paise: string | null;
  discount_paise: string;
  discount_code: string | null;
  payment_id: string | null;
  account_id: string | null;
  registration_id: string | null;
  original_number: string | null;
  original_issued_at: Date | null;
  reason: string | null;
};

/** A reference in a URL: the numeric id, or the document number (slashes may be written as "-" or "_"). */
function parseRef(ref: string): { id?: string; number?: string } {
  const value = decodeURIComponent(ref).trim().toUpperCase();
  if (/^[0-9]{1,18}$/.test(value)) return { id: value };
  if (/^[A-Z]{1,4}[/_-][0-9]{2}-[0-9]{2}[/_-][0-9]{4,6}$/.test(value)) {
    const m = value.match(/^([A-Z]{1,4})[/_-]([0-9]{2}-[0-9]{2})[/_-]([0-9]{4,6})$/)!;
    return { number: `${m[1]}/${m[2]}/${m[3]}` };
  }
  throw new HttpError(404, 'Invoice not found');
}

export async function loadDocument(kind: DocumentKind, ref: string): Promise<InvoiceDocument | undefined> {
  const { id = null, number = null } = parseRef(ref);
  const rows =
    kind === 'invoice'
      ? await db()<Row[]>`
          select i.id::text as id, i.number, i.issued_at, i.supplier_legal_name, i.supplier_address, i.supplier_state_code,
                 i.supplier_gstin, i.buyer_name, i.buyer_email, i.buyer_state_code, i.buyer_gstin, i.buyer_business_name,
                 i.description, i.sac, i.gst_rate_percent, i.total_paise, i.taxable_paise, i.cgst_paise, i.sgst_paise,
                 i.igst_paise, i.list_paise, i.discount_paise, i.discount_code, i.payment_id, i.account_id, i.registration_id,
                 null as original_number, null as original_issued_at, null as reason
          from invoices i where (${id}::bigint is not null and i.id = ${id}::bigint) or i.number = ${number}`
      : await db()<Row[]>`
          select c.id::text as id, c.number, c.issued_at, i.supplier_legal_name, i.supplier_address, i.supplier_state_code,
                 i.supplier_gstin, i.buyer_name, i.buyer_email, i.buyer_state_code, i.buyer_gstin, i.buyer_business_name,
                 i.description, i.sac, i.gst_rate_percent, c.total_paise, c.taxable_paise, c.cgst_paise, c.sgst_paise,
                 c.igst_paise, null as list_paise, 0 as discount_paise, null as discount_code,
                 i.payment_id, i.account_id, i.registration_id,
                 i.number as original_number, i.issued_at as original_issued_at, c.reason
          from credit_notes c join invoices i on i.id = c.invoice_id
          where (${id}::bigint is not null and c.id = ${id}::bigint) or c.number = ${number}`;
  const row = rows[0];
  if (!row) return undefined;
  return {
    kind,
    id: row.id,
    number: row.number,
    issuedAt: new Date(row.issued_at),
    supplier: {
      legalName: row.supplier_legal_name,
      address: row.supplier_address,
      stateCode: row.supplier_state_code,
      gstin: row.supplier_gstin,
    },
    buyer: {
      name: row.buyer_name,
      email: row.buyer_email,
      stateCode: row.buyer_state_code,
      gstin: row.buyer_gstin,
      businessName: row.buyer_business_name,
    },
    description: row.description,
    sac: row.sac,
    gstRatePercent: row.gst_rate_percent,
    totalPaise: Number(row.total_paise),
    taxablePaise: Number(row.taxable_paise),
    cgstPaise: Number(row.cgst_paise),
    sgstPaise: Number(row.sgst_paise),
    igstPaise: Number(row.igst_paise),
    discount:
      row.discount_code && row.list_paise !== null
        ? { code: row.discount_code, listPaise: Number(row.list_paise), discountPaise: Number(row.discount_paise) }
        : null,
    paymentId: row.payment_id,
    accountId: row.account_id,
    registrationId: row.registration_id,
    ...(row.original_number ? { original: { number: row.original_number, issuedAt: new Date(row.original_issued_at!) } } : {}),
    ...(row.reason ? { reason: row.reason } : {}),
  };
}

/** `signedIn`: a session was presented, even one that does not entitle (then 404, not 401). */
export type Viewer = { key: string | null; signedIn: boolean; learner?: Session; owner?: Session };

/** The document if this viewer may read it; 404 for anyone else (existence is not revealed). */
export async function documentFor(kind: DocumentKind, ref: string, viewer: Viewer): Promise<InvoiceDocument> {
  const doc = await loadDocument(kind, ref);
  const allowed =
    !!doc &&
    (keyMatches(kind, doc.id, viewer.key) ||
      !!viewer.owner ||
      (!!viewer.learner &&
        (doc.accountId === viewer.learner.accountId ||
          // A registration fee paid with the email this verified learner signs in with.
          (!!doc.registrationId && viewer.learner.emailVerified && doc.buyer.email === viewer.learner.email))));
  if (!allowed) {
    if (!viewer.key && !viewer.signedIn) throw new HttpError(401, 'Please log in to download your invoice');
    throw new HttpError(404, kind === 'invoice' ? 'Invoice not found' : 'Credit note not found');
  }
  return doc;
}
