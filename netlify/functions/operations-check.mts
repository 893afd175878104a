import type { Config } from '@netlify/functions';
import { deliverBacklog } from '../lib/outbox/index.ts';
import { checkOperations } from '../lib/operations/index.ts';
import { runJob } from '../lib/platform/index.ts';

/** Scheduled: late jobs, a stuck outbox, mismatched days, refused webhooks; emails the owners (at most hourly per problem). */
export default function handler(): Promise<Response> {
  return runJob('operations-check', async () => {
    const result = await checkOperations();
    // No request to deliver after: send the alert now (mail-retry picks up any failure).
    if (result.emailed) await deliverBacklog();
    return result;
  });
}

export const config: Config = { schedule: '*/10 * * * *' };
