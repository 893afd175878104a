/**
 * Once, after numbers had to be proven (docs/whatsapp.md, "Proving a number"): emails every person
 * who ticked WhatsApp before then, whose consent stands, the link that proves their number. Each
 * pair is asked once; running it again asks nobody twice. Uses DATABASE_URL, or the embedded
 * database (the running one of `npm start`, else the local files).
 */
import { migrate, openLocalDatabase } from './lib/database.ts';

const database = await openLocalDatabase();
process.env.DATABASE_URL = database.url;
try {
  await migrate(database.url);
  const { askUnaskedToConfirm } = await import('../netlify/lib/messaging/index.ts');
  const { deliverBacklog } = await import('../netlify/lib/outbox/index.ts');
  const asked = await askUnaskedToConfirm();
  await deliverBacklog();
  console.log(`Asked to confirm their WhatsApp number: ${asked}.`);
} finally {
  const { closeDb } = await import('../netlify/lib/platform/index.ts');
  await closeDb();
  await database.stop();
}
