import type { Config } from '@netlify/functions';
import { sendClassReminders } from '../lib/classes/index.ts';
import { deliverBacklog } from '../lib/outbox/index.ts';
import { runJob } from '../lib/platform/index.ts';

/** Every 15 minutes: reminders a day and an hour before each session, to each learner of its batch (each once). */
export default function handler(): Promise<Response> {
  return runJob('class-reminders', async () => {
    const reminders = await sendClassReminders();
    // No request to deliver after: send what this run wrote (mail-retry picks up any failure).
    await deliverBacklog();
    return { reminders: { sent: reminders.sent.length, skipped: reminders.skipped } };
  });
}

export const config: Config = { schedule: '*/15 * * * *' };
