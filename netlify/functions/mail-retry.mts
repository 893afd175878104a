import type { Config } from '@netlify/functions';
import { deliverBacklog } from '../lib/outbox/index.ts';
import { runJob } from '../lib/platform/index.ts';

/** Scheduled: delivers outbox messages that are due (emails and WhatsApp; first tries that were missed and retries). */
export default function handler(): Promise<Response> {
  return runJob('mail-retry', () => deliverBacklog());
}

export const config: Config = { schedule: '*/5 * * * *' };
