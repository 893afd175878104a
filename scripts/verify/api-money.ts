/**
 * Money on the served site: the learner downloads the tax invoice of a purchase (a PDF), and an
 * owner admin reads the money view and its CSV and refunds part of that purchase (never more than
 * was paid: the rest is refused).
 */
import { randomUUID } from 'node:crypto';
import type { Answer, ApiClient } from './api-client.ts';

/** A row for an answer that is a file, not JSON: status and content type. */
function fileRow(api: ApiClient, label: string, type: string, answer: Answer, ok = true) {
  api.report.add(
    `good ${label}`,
    `200 ${type}`,
    `${answer.status} ${answer.type ?? '-'}`,
    ok && answer.status === 200 && !!answer.type?.startsWith(type),
  );
}

export async function checkInvoiceDownload(api: ApiClient, token: string): Promise<void> {
  const purchases = await api.call('GET', '/api/v1/user/purchases', { token });
  const pdfUrl = purchases.body?.courseData?.[0]?.purchase?.invoice?.pdfUrl as string | undefined;
  const pdf = await api.call('GET', pdfUrl ?? '/api/v1/invoices/missing/pdf', { token });
  fileRow(api, "GET /invoices/:ref/pdf (the purchase's invoice)", 'application/pdf', pdf, pdf.text.startsWith('%PDF-'));
  await api.bad("GET /invoices/:ref/pdf (not the buyer's)", 404, await api.call('GET', '/api/v1/invoices/999999/pdf', { token }));
}

export async function checkMoney(api: ApiClient, ownerToken: string, learnerToken: string, orderId: string): Promise<void> {
  const { call, good, bad } = api;
  await good('GET /admin/money', 200, 'payments', await call('GET', '/api/v1/admin/money', { token: ownerToken }));
  await bad('GET /admin/money (a learner) [bundle]', 403, await call('GET', '/api/v1/admin/money', { token: learnerToken, bundle: true }));
  await bad('GET /admin/money (bad date)', 400, await call('GET', '/api/v1/admin/money?from=yesterday', { token: ownerToken }));
  const csv = await call('GET', '/api/v1/admin/money.csv', { token: ownerToken });
  fileRow(api, 'GET /admin/money.csv', 'text/csv', csv, csv.text.includes('Invoice number'));
  const refund = (amount: number) => ({
    orderId,
    full: false,
    amount,
    reason: 'Deploy verification: partial refund',
    idempotencyKey: randomUUID(),
  });
  await bad(
    'POST /admin/refunds (more than paid)',
    409,
    await call('POST', '/api/v1/admin/refunds', { token: ownerToken, body: refund(10_000_000) }),
  );
  await bad(
    'POST /admin/refunds (no reason)',
    400,
    await call('POST', '/api/v1/admin/refunds', { token: ownerToken, body: { ...refund(100), reason: '' } }),
  );
  await good(
    'POST /admin/refunds (₹100 of the purchase)',
    201,
    'refund',
    await call('POST', '/api/v1/admin/refunds', { token: ownerToken, body: refund(100) }),
  );
}
