/** `npm run db:migrate | db:seed | db:reset` on DATABASE_URL or the embedded database. */
import { migrate, openLocalDatabase, reset, seed } from './lib/database.ts';

const command = process.argv[2];
if (!['migrate', 'seed', 'reset'].includes(command ?? '')) {
  console.error('usage: node scripts/db.ts migrate|seed|reset');
  process.exit(2);
}
const database = await openLocalDatabase();
try {
  if (command === 'migrate') {
    const applied = await migrate(database.url, console.log);
    console.log(applied.length ? `${applied.length} migration(s) applied` : 'database is up to date');
  } else if (command === 'seed') {
    await migrate(database.url, console.log);
    await seed(database.url);
    console.log('seed data loaded');
  } else {
    await reset(database.url);
    console.log('database reset: migrations and seed applied');
  }
} finally {
  await database.stop();
}
