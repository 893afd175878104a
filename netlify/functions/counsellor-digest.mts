import type { Config } from '@netlify/functions';
import { deliverBacklog } from '../lib/mail/index.ts';
import { sendCounsellorDigests } from '../lib/leads/index.ts';

/** Scheduled at 09:00 IST: each admin's overdue follow-ups, one email a day at most. */
export default async function handler(): Promise<Response> {
  await sendCounsellorDigests();
  // No request to deliver after: send what this run wrote (mail-retry picks up any failure).
  await deliverBacklog();
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '30 3 * * *' };
