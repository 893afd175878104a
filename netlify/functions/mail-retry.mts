import type { Config } from '@netlify/functions';
import { deliverBacklog } from '../lib/mail/index.ts';
import { log } from '../lib/platform/index.ts';

/** Scheduled: delivers outbox emails that are due (first tries that were missed and retries). */
export default async function handler(): Promise<Response> {
  const total = await deliverBacklog();
  log.info('outbox run', total);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '*/5 * * * *' };
