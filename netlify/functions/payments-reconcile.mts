import type { Config } from '@netlify/functions';
import { deliverBacklog } from '../lib/outbox/index.ts';
import { checkOperations, reconcileYesterday } from '../lib/operations/index.ts';
import { runJob } from '../lib/platform/index.ts';

/** Scheduled at 03:00 IST: yesterday's payments and refunds at the gateway against our records; a mismatch alerts the owners. */
export default function handler(): Promise<Response> {
  return runJob('payments-reconcile', async () => {
    const result = await reconcileYesterday();
    const alerts = await checkOperations();
    if (alerts.emailed) await deliverBacklog();
    return result;
  });
}

export const config: Config = { schedule: '30 21 * * *' };
