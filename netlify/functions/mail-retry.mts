import type { Config } from '@netlify/functions';
import { deliverBacklog } from '../lib/mail/index.ts';
import { runJob } from '../lib/platform/index.ts';

/** Scheduled: delivers outbox emails that are due (first tries that were missed and retries). */
export default function handler(): Promise<Response> {
  return runJob('mail-retry', () => deliverBacklog());
}

export const config: Config = { schedule: '*/5 * * * *' };
