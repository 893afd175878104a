/**
 * Tax documents in the money view and the accountant's CSV: invoices and credit notes.
 */
import type { MoneyDocumentDto, MoneyFilter } from '../../src/shared/refund.ts';

export async function listDocuments(_filter: Partial<MoneyFilter>, _orderIds?: string[]): Promise<MoneyDocumentDto[]> {
  return [];
}

export type TaxRow = {
  kind: 'invoice' | 'credit-note';
  number: string;
  /** The document's date in India (YYYY-MM-DD). */
  date: string;
  buyer: string;
  state: string;
  gstin: string | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  againstInvoice: string | null;
};

export async function listTaxRows(_filter: MoneyFilter): Promise<TaxRow[]> {
  return [];
}
