import type { Config } from '@netlify/functions';
import { log } from '../lib/platform/index.ts';
import { paymentsConfigured, recheckPendingRefunds, recheckUnpaidOrders } from '../lib/payments/index.ts';

/**
 * Scheduled: asks the gateway about orders still unpaid 15 minutes after they were opened, and
 * about refunds still pending (a webhook may never come).
 */
export default async function handler(): Promise<Response> {
  const result = await recheckUnpaidOrders();
  log.info('payment re-check run', result);
  if (paymentsConfigured()) log.info('refund re-check run', await recheckPendingRefunds());
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '*/10 * * * *' };
