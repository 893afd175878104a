/**
 * The retention schedule (src/shared/retention.ts, DPDP Rules r.8), now: `npm run retention -- --dry-run`
 * lists what the scheduled job would erase and changes nothing; without --dry-run it erases, leaving
 * one retention_erasures row each. `--now 2028-01-01` moves the clock (to see what a date will
 * erase). Uses DATABASE_URL, or the embedded database (the running one of `npm start`, else the files).
 */
import { parseArgs } from 'node:util';
import { migrate, openLocalDatabase } from './lib/database.ts';

const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false }, now: { type: 'string' } } });
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error('--now: give a date, like 2028-01-01');
  process.exit(2);
}

const database = await openLocalDatabase();
process.env.DATABASE_URL = database.url;
try {
  await migrate(database.url);
  const { runRetention } = await import('../netlify/lib/privacy/index.ts');
  const run = await runRetention({ now, dryRun: values['dry-run'] });
  const verb = run.dryRun ? 'would erase' : 'erased';
  console.log(`Retention at ${run.now}: ${verb} ${run.items.length} item(s)${run.dryRun ? '' : `, ${run.erasedRows} row(s)`}`);
  for (const item of run.items) console.log(`  ${item.kind}: ${item.table} ${item.id}`);
} finally {
  const { closeDb } = await import('../netlify/lib/platform/index.ts');
  await closeDb();
  await database.stop();
}
