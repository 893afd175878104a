/**
 * The owners' list of payments page by page (keyset, docs/architecture.md "Paging"): newest or
 * largest first (either way), the view's filters kept, and its CSV streaming every payment the
 * filter matches in the screen's order.
 */
import type { MoneyPageQuery, MoneyPaymentDto } from '../../../src/shared/money-view.ts';
import type { Page } from '../../../src/shared/paging.ts';
import { type Cell, CSV_PAGE, keysetCsv } from '../platform/index.ts';
import { capturedPaymentsPage } from '../payments/index.ts';
import { withRefunds } from './admin.ts';
import { istRange } from './range.ts';

/**
 * One page of payments. The status is known only with the refunds, so with a status filter the
 * ledger is read page after page until the page is full or the list ends (a page may then hold
 * a little more than `limit`; none is repeated or skipped, as the cursor is always the ledger's).
 */
export async function paymentsPage(query: MoneyPageQuery): Promise<Page<MoneyPaymentDto>> {
  const { start, end } = istRange(query);
  const ledgerFilter = { ...(start ? { start } : {}), ...(end ? { end } : {}), ...(query.kind ? { purpose: query.kind } : {}) };
  const request = {
    ...(query.sort ? { sort: query.sort } : {}),
    ...(query.dir ? { dir: query.dir } : {}),
    ...(query.limit ? { limit: query.limit } : {}),
  };
  const limit = query.limit ?? 50;
  const rows: MoneyPaymentDto[] = [];
  let after = query.after;
  let next: string | null;
  do {
    const page = await capturedPaymentsPage(ledgerFilter, { ...request, ...(after ? { after } : {}) });
    const payments = await withRefunds(page.rows);
    rows.push(...(query.status ? payments.filter((p) => p.status === query.status) : payments));
    next = page.next;
    after = next ?? undefined;
  } while (query.status && next && rows.length < limit);
  return { rows, next };
}

export const PAYMENTS_CSV_HEADER = [
  'Paid at',
  'Payment ID',
  'Order ID',
  'Kind',
  'Item',
  'Buyer',
  'Email',
  'Amount',
  'Refunded',
  'Refund pending',
  'Status',
  'Invoice number',
  'Discount code',
] as const;

/** Every payment the filter matches, in the screen's order, streamed a page at a time. */
export function paymentsCsv(query: MoneyPageQuery): { filename: string; body: ReadableStream<Uint8Array> } {
  const { after: _after, limit: _limit, ...filter } = query;
  const body = keysetCsv(PAYMENTS_CSV_HEADER, async (after) => {
    const page = await paymentsPage({ ...filter, ...(after ? { after } : {}), limit: CSV_PAGE });
    return {
      next: page.next,
      rows: page.rows.map((p): Cell[] => [
        p.paidAt,
        p.paymentId,
        p.orderId,
        p.kind,
        p.item,
        p.buyer,
        p.email,
        p.amount,
        p.refunded,
        p.refundPending,
        p.status,
        p.invoice?.number ?? '',
        p.discountCode ?? '',
      ]),
    };
  });
  const period = [filter.from ?? 'start', filter.to ?? 'today'].join('_to_');
  return { filename: `aspira-payments-${period}.csv`, body };
}
