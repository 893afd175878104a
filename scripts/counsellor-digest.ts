/**
 * The counsellors' daily digest, now, on this machine: emails each admin their overdue follow-ups
 * (at most once a day per admin, as the 09:00 IST schedule does). Mail goes to the console on a
 * local run. Uses DATABASE_URL, or the embedded database (the running one of `npm start`, else the
 * local files).
 */
import { migrate, openLocalDatabase } from './lib/database.ts';

const database = await openLocalDatabase();
process.env.DATABASE_URL = database.url;
try {
  await migrate(database.url);
  const { sendCounsellorDigests } = await import('../netlify/lib/leads/index.ts');
  const { deliverBacklog } = await import('../netlify/lib/outbox/index.ts');
  const result = await sendCounsellorDigests();
  await deliverBacklog();
  console.log(`Digests sent: ${result.sent}; already sent today: ${result.skipped}.`);
} finally {
  const { closeDb } = await import('../netlify/lib/platform/index.ts');
  await closeDb();
  await database.stop();
}
