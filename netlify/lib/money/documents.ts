/**
 * Tax documents in the money view and the accountant's CSV: invoices and the credit notes issued
 * against them (refunds), filtered by their date of issue (IST days) and by what was paid for.
 */
import { paiseToRupees } from '../../../src/shared/money.ts';
import { stateName } from '../../../src/shared/gstin.ts';
import type { MoneyDocumentDto, MoneyFilter } from '../../../src/shared/money-view.ts';
import { db } from '../platform/index.ts';
import { istRange } from './range.ts';

export type TaxRow = {
  kind: 'invoice' | 'credit-note';
  id: string;
  number: string;
  issuedAt: Date;
  /** The document's date in India (YYYY-MM-DD). */
  date: string;
  orderId: string;
  buyer: string;
  stateCode: string;
  state: string;
  gstin: string | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  againstInvoice: string | null;
};

type Row = {
  kind: 'invoice' | 'credit-note';
  id: string;
  number: string;
  issued_at: Date;
  order_id: string;
  buyer_name: string;
  buyer_business_name: string | null;
  buyer_state_code: string;
  buyer_gstin: string | null;
  taxable_paise: string;
  cgst_paise: string;
  sgst_paise: string;
  igst_paise: string;
  total_paise: string;
  against: string | null;
};

const istDay = (at: Date) => new Date(new Date(at).getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** Invoices and credit notes issued in the filter's days (or of the given orders), oldest first. */
export async function listTaxRows(filter: Partial<Pick<MoneyFilter, 'from' | 'to' | 'kind'>>, orderIds?: string[]): Promise<TaxRow[]> {
  const sql = db();
  const { start, end } = istRange(filter);
  const where = (at: string) => sql`
    ${start ? sql`and ${sql(at)} >= ${start}` : sql``}
    ${end ? sql`and ${sql(at)} < ${end}` : sql``}
    ${filter.kind ? sql`and i.purpose = ${filter.kind}` : sql``}
    ${orderIds ? sql`and i.order_id in ${sql(orderIds.length ? orderIds : [''])}` : sql``}`;
  const rows = await sql<Row[]>`
    select 'invoice' as kind, i.id::text as id, i.number, i.issued_at, i.order_id, i.buyer_name, i.buyer_business_name,
           i.buyer_state_code, i.buyer_gstin, i.taxable_paise, i.cgst_paise, i.sgst_paise, i.igst_paise, i.total_paise,
           null as against
    from invoices i where true ${where('i.issued_at')}
    union all
    select 'credit-note' as kind, c.id::text as id, c.number, c.issued_at, i.order_id, i.buyer_name, i.buyer_business_name,
           i.buyer_state_code, i.buyer_gstin, c.taxable_paise, c.cgst_paise, c.sgst_paise, c.igst_paise, c.total_paise,
           i.number as against
    from credit_notes c join invoices i on i.id = c.invoice_id where true ${where('c.issued_at')}
    order by issued_at, number`;
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    number: r.number,
    issuedAt: new Date(r.issued_at),
    date: istDay(r.issued_at),
    orderId: r.order_id,
    buyer: r.buyer_business_name ?? r.buyer_name,
    stateCode: r.buyer_state_code,
    state: stateName(r.buyer_state_code) ?? r.buyer_state_code,
    gstin: r.buyer_gstin,
    taxablePaise: Number(r.taxable_paise),
    cgstPaise: Number(r.cgst_paise),
    sgstPaise: Number(r.sgst_paise),
    igstPaise: Number(r.igst_paise),
    totalPaise: Number(r.total_paise),
    againstInvoice: r.against,
  }));
}

export async function listDocuments(
  filter: Partial<Pick<MoneyFilter, 'from' | 'to' | 'kind'>>,
  orderIds?: string[],
): Promise<MoneyDocumentDto[]> {
  return (await listTaxRows(filter, orderIds)).map((r) => ({
    kind: r.kind,
    id: r.id,
    number: r.number,
    date: r.date,
    orderId: r.orderId,
    buyer: r.buyer,
    total: paiseToRupees(r.totalPaise),
  }));
}
