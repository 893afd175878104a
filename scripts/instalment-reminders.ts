/**
 * The fee plan reminders, now, on this machine (as the 09:30 IST schedule does): `--at <ISO date>`
 * moves the clock to check what a later day sends. Each reminder goes once ever. Mail goes to the
 * console on a local run. Uses DATABASE_URL, or the embedded database (the running one of
 * `npm start`, else the local files).
 */
import { parseArgs } from 'node:util';
import { migrate, openLocalDatabase } from './lib/database.ts';

const { values } = parseArgs({ options: { at: { type: 'string' } } });
const now = values.at ? new Date(values.at) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`--at: not a date: ${values.at}`);
  process.exit(2);
}

const database = await openLocalDatabase();
process.env.DATABASE_URL = database.url;
try {
  await migrate(database.url);
  const { sendInstalmentReminders } = await import('../netlify/lib/instalments/index.ts');
  const { deliverBacklog } = await import('../netlify/lib/outbox/index.ts');
  const run = await sendInstalmentReminders({ now });
  await deliverBacklog();
  for (const r of run.sent) console.log(`Sent ${r.kind} reminder: part ${r.partId} due ${r.dueOn} to ${r.email}`);
  console.log(`Reminders for ${run.today} (IST): ${run.sent.length} sent; ${run.skipped} already sent or paid.`);
} finally {
  const { closeDb } = await import('../netlify/lib/platform/index.ts');
  await closeDb();
  await database.stop();
}
