import type { Config } from '@netlify/functions';
import { paymentsConfigured, recheckPendingRefunds, recheckUnpaidOrders } from '../lib/payments/index.ts';
import { runJob } from '../lib/platform/index.ts';

/**
 * Scheduled: asks the gateway about orders still unpaid 15 minutes after they were opened, and
 * about refunds still pending (a webhook may never come).
 */
export default function handler(): Promise<Response> {
  return runJob('payments-recheck', async () => {
    const orders = await recheckUnpaidOrders();
    const refunds = paymentsConfigured() ? await recheckPendingRefunds() : undefined;
    return { ...orders, ...(refunds ? { refunds } : {}) };
  });
}

export const config: Config = { schedule: '*/10 * * * *' };
