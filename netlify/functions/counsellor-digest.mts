import type { Config } from '@netlify/functions';
import { deliverBacklog } from '../lib/outbox/index.ts';
import { sendCounsellorDigests } from '../lib/leads/index.ts';
import { runJob } from '../lib/platform/index.ts';

/** Scheduled at 09:00 IST: each admin's overdue follow-ups, one email a day at most. */
export default function handler(): Promise<Response> {
  return runJob('counsellor-digest', async () => {
    const digests = await sendCounsellorDigests();
    // No request to deliver after: send what this run wrote (mail-retry picks up any failure).
    await deliverBacklog();
    return { digests };
  });
}

export const config: Config = { schedule: '30 3 * * *' };
