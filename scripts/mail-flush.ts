/** `npm run mail:flush`: delivers every due outbox message now, emails (console locally, Postmark when configured) and WhatsApp. */
import { openLocalDatabase } from './lib/database.ts';

const database = await openLocalDatabase();
process.env.DATABASE_URL = database.url;
const { deliverDue } = await import('../netlify/lib/outbox/index.ts');
const { closeDb } = await import('../netlify/lib/platform/index.ts');
let sent = 0;
let failed = 0;
for (;;) {
  const result = await deliverDue({ limit: 50 });
  sent += result.sent;
  failed += result.failed;
  if (result.sent + result.failed === 0) break;
}
console.log(`outbox: ${sent} sent, ${failed} failed (failed ones are retried later with backoff)`);
await closeDb();
await database.stop();
