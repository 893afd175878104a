import type { Config } from '@netlify/functions';
import { sendInstalmentReminders } from '../lib/instalments/index.ts';
import { deliverBacklog } from '../lib/outbox/index.ts';
import { runJob } from '../lib/platform/index.ts';

/** Scheduled at 09:30 IST: reminders for fee plan parts due soon, due today or overdue (each once). */
export default function handler(): Promise<Response> {
  return runJob('instalment-reminders', async () => {
    const reminders = await sendInstalmentReminders();
    // No request to deliver after: send what this run wrote (mail-retry picks up any failure).
    await deliverBacklog();
    return { reminders };
  });
}

export const config: Config = { schedule: '0 4 * * *' };
