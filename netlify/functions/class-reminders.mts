import type { Config } from '@netlify/functions';
import { readMissedReports, sendClassReminders } from '../lib/classes/index.ts';
import { advanceBatchStatuses, offerFreedSeats } from '../lib/cohorts/index.ts';
import { deliverBacklog } from '../lib/outbox/index.ts';
import { runJob } from '../lib/platform/index.ts';

/** Every 15 minutes: batches' status by their dates, freed seats offered to the waiting lists, reminders a day and an hour before each session (each once), and the reports of live classes whose end Zoom's webhook did not bring. */
export default function handler(): Promise<Response> {
  return runJob('class-reminders', async () => {
    const statuses = await advanceBatchStatuses();
    // Seats freed by a refund or a hold that ran out: the waiting lists are told.
    const offers = await offerFreedSeats();
    const reminders = await sendClassReminders();
    const reports = await readMissedReports();
    // No request to deliver after: send what this run wrote (mail-retry picks up any failure).
    await deliverBacklog();
    return {
      statuses: statuses.length,
      offers: offers.offered.length,
      reminders: { sent: reminders.sent.length, skipped: reminders.skipped },
      reports,
    };
  });
}

export const config: Config = { schedule: '*/15 * * * *' };
