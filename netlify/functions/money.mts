import type { Config } from '@netlify/functions';
import { refundIdSchema, refundRequestSchema } from '../../src/shared/refund.ts';
import { moneyFilterSchema, moneyPageSchema } from '../../src/shared/money-view.ts';
import { requireOwner } from '../lib/auth/index.ts';
import { csvDownload, json, parseWith, readJson, routes } from '../lib/platform/index.ts';
import { moneyCsv, moneyView, paymentsCsv, paymentsPage } from '../lib/money/index.ts';
import { checkRefund, requestRefund } from '../lib/payments/index.ts';

/** The owners' money view: payments, refunds, invoices and credit notes; refunds; the accountant's CSV. */
export default routes({
  'GET /api/v1/admin/money': async ({ request, url }) => {
    await requireOwner(request);
    const filter = parseWith(moneyFilterSchema, Object.fromEntries(url.searchParams));
    return json(await moneyView(filter));
  },

  'GET /api/v1/admin/money.csv': async ({ request, url }) => {
    await requireOwner(request);
    const filter = parseWith(moneyFilterSchema, Object.fromEntries(url.searchParams));
    const { filename, body } = await moneyCsv(filter);
    return csvDownload(filename, body);
  },

  /** The payments one page at a time, by date or amount (`{ rows, next }`). */
  'GET /api/v1/admin/money/payments': async ({ request, url }) => {
    await requireOwner(request);
    const query = parseWith(moneyPageSchema, Object.fromEntries(url.searchParams));
    return json(await paymentsPage(query));
  },

  /** Every payment the filter matches, in the list's order. */
  'GET /api/v1/admin/money/payments.csv': async ({ request, url }) => {
    await requireOwner(request);
    const query = parseWith(moneyPageSchema, Object.fromEntries(url.searchParams));
    const { filename, body } = paymentsCsv(query);
    return csvDownload(filename, body);
  },

  'POST /api/v1/admin/refunds': async ({ request }) => {
    const session = await requireOwner(request);
    const input = await readJson(request, refundRequestSchema);
    const { status, body } = await requestRefund(session, input);
    return json(body, { status });
  },

  /** Asks the payment provider about a pending refund now (the schedule does it every 10 minutes). */
  'POST /api/v1/admin/refunds/:id/check': async ({ request, params }) => {
    await requireOwner(request);
    const id = parseWith(refundIdSchema, params.id);
    return json({ refund: await checkRefund(id) });
  },
});

export const config: Config = {
  path: [
    '/api/v1/admin/money',
    '/api/v1/admin/money.csv',
    '/api/v1/admin/money/payments',
    '/api/v1/admin/money/payments.csv',
    '/api/v1/admin/refunds',
    '/api/v1/admin/refunds/:id/check',
  ],
};
