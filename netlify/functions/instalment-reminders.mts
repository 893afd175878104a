import type { Config } from '@netlify/functions';
import { sendInstalmentReminders } from '../lib/instalments/index.ts';
import { deliverBacklog } from '../lib/mail/index.ts';

/** Scheduled at 09:30 IST: reminders for fee plan parts due soon, due today or overdue (each once). */
export default async function handler(): Promise<Response> {
  await sendInstalmentReminders();
  // No request to deliver after: send what this run wrote (mail-retry picks up any failure).
  await deliverBacklog();
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '0 4 * * *' };
