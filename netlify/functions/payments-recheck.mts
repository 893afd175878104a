import type { Config } from '@netlify/functions';
import { log } from '../lib/log.ts';
import { recheckUnpaidOrders } from '../lib/payments/recheck.ts';

/** Scheduled: asks the gateway about orders still unpaid 15 minutes after they were opened. */
export default async function handler(): Promise<Response> {
  const result = await recheckUnpaidOrders();
  log.info('payment re-check run', result);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '*/10 * * * *' };
