/**
 * Breach help (DPDP Rules r.7), from the terminal: lists the people a breach affected and drafts the
 * two notices; it never sends anything (the owner sends from /admin/breach after reading them).
 *
 *   npm run breach -- --from 2026-11-20 --to 2026-11-21 --tables registrations,contact_requests
 *   npm run breach -- --from 2026-11-20T10:00:00+05:30 --to 2026-11-20T12:00:00+05:30 --ids registrations:abc,accounts:xyz
 *   ... --facts facts.json   (what, data, consequences, measures, safety, cause, prevention; else [fill in] marks)
 *
 * A plain date is a whole India day. Uses DATABASE_URL, or the embedded database.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { migrate, openLocalDatabase } from './lib/database.ts';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    tables: { type: 'string' },
    ids: { type: 'string' },
    facts: { type: 'string' },
  },
});
const asTime = (value: string | undefined, end: boolean) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${end ? '23:59:59.999' : '00:00:00'}+05:30` : (value ?? '');
const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];

const { breachPreviewSchema, breachFactsShape } = await import('../src/shared/breach.ts');
const placeholders = Object.fromEntries(Object.keys(breachFactsShape).map((key) => [key, `[fill in: ${key}]`]));
const facts = values.facts ? JSON.parse(await readFile(values.facts, 'utf8')) : placeholders;
const parsed = breachPreviewSchema.safeParse({
  from: asTime(values.from, false),
  to: asTime(values.to, true),
  tables: list(values.tables),
  ids: list(values.ids),
  ...facts,
});
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(2);
}

const database = await openLocalDatabase();
process.env.DATABASE_URL = database.url;
try {
  await migrate(database.url);
  const { previewBreach } = await import('../netlify/lib/privacy/index.ts');
  const { from, to, tables, ids, ...rest } = parsed.data;
  const preview = await previewBreach({ from, to, tables, ids }, rest);
  console.log(`${preview.people.length} people affected (${from} to ${to}):`);
  for (const p of preview.people)
    console.log(`  ${p.channel === 'email' ? p.email : `phone ${p.phone} (email bounced)`}  ${p.name}  [${p.found.join(', ')}]`);
  console.log(`\n--- To each person (Rule 7(1)) ---\nSubject: ${preview.personNotice.subject}\n\n${preview.personNotice.text}`);
  console.log(`\n--- To the Data Protection Board (Rule 7(2)) ---\n${preview.boardReport}`);
  console.log('\nNothing was sent. Send the notices from /admin/breach.');
} finally {
  const { closeDb } = await import('../netlify/lib/platform/index.ts');
  await closeDb();
  await database.stop();
}
