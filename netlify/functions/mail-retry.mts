import type { Config } from '@netlify/functions';
import { deliverDue } from '../lib/mail/index.ts';
import { log } from '../lib/log.ts';

/** Scheduled: delivers outbox emails that are due (first tries that were missed and retries). */
export default async function handler(): Promise<Response> {
  let total = { sent: 0, failed: 0 };
  for (let round = 0; round < 10; round++) {
    const result = await deliverDue({ limit: 50 });
    total = { sent: total.sent + result.sent, failed: total.failed + result.failed };
    if (result.sent + result.failed < 50) break;
  }
  log.info('outbox run', total);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '*/5 * * * *' };
