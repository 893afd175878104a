/**
 * Helpers for the invoice tests: paid orders made directly in the ledger (for the numbering
 * and credit-note rules, without a checkout each), and the text of a PDF.
 */
import { expect } from 'vitest';
import invoicesFunction from '../../../netlify/functions/invoices.mts';
import { BASE_URL, call, type TestDatabase } from '../support/harness.ts';
import { openFeeOrder, registered, sandboxPay } from '../registrations/kit.ts';
import { readPdfLines } from './pdf-reader.ts';

let orderCounter = 0;

/** A payment_orders row of `amountPaise` for `purpose` (status created). */
export async function ledgerOrder(db: TestDatabase, amountPaise: number, purpose = 'course'): Promise<string> {
  orderCounter++;
  const id = `order_inv${process.pid}x${orderCounter}`;
  await db.sql`insert into payment_orders (id, gateway, purpose, amount_paise, currency, receipt)
               values (${id}, 'sandbox', ${purpose}, ${amountPaise}, 'INR', ${`test_${orderCounter}`})`;
  return id;
}

/** The text of a PDF's lines as a viewer copies it (tests/api/invoices/pdf-reader.ts), in drawing order. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  return (await readPdfLines(bytes)).map((line) => line.text);
}

/** A registration fee paid through the sandbox checkout, with these billing details; its invoice row. */
export async function paidFee(
  db: TestDatabase,
  billing: { state: string; gstin?: string; businessName?: string },
  feeOption = 'hybrid',
  amount?: unknown,
  form: Record<string, unknown> = {},
) {
  const visitor = await registered(db, undefined, form);
  const order = await openFeeOrder(visitor.registrationToken, feeOption, amount, billing);
  const result = await sandboxPay(order.orderId);
  const paid = await call('POST', '/api/v1/user/register-paid', { body: { registrationToken: visitor.registrationToken, ...result } });
  expect(paid.status, paid.text).toBe(200);
  const [invoice] = await db.sql<Record<string, string>[]>`select * from invoices where order_id = ${order.orderId}`;
  return { visitor, order, result, paid: paid.body, invoice: invoice as Record<string, string> & { id: string; number: string } };
}

export const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** The PDF's bytes, as the browser downloads them (call() decodes bodies as text). */
export async function pdfBytes(path: string): Promise<Uint8Array> {
  const res = await invoicesFunction(new Request(`${BASE_URL}${pathOf(path)}`), { waitUntil: () => {} });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}
