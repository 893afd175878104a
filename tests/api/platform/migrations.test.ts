/**
 * `npm run db:migrate` and `supabase db push` on the same database, in either order, never re-run
 * a migration: both record in supabase_migrations.schema_migrations. Databases migrated by the
 * older runner (public.schema_migrations) are carried over. Two migrators never race.
 * Runs on PostgreSQL when TEST_DATABASE_URL is set, else on the embedded database.
 */
import { afterEach, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { connect, migrate, migrationFiles, seed, startEmbedded, type Database } from '../../../scripts/lib/database.ts';
import { createServerDatabase, supabaseDbPush } from '../support/supabase.ts';

const SERVER = process.env.TEST_DATABASE_URL;
const opened: { stop: () => Promise<void> }[] = [];

async function freshDatabase(): Promise<{ url: string; sql: postgres.Sql }> {
  const database: Pick<Database, 'url' | 'stop'> = SERVER ? await createServerDatabase(SERVER) : await startEmbedded();
  const sql = connect(database.url);
  opened.push({ stop: async () => (await sql.end({ timeout: 5 }), await database.stop()) });
  return { url: database.url, sql };
}

afterEach(async () => {
  while (opened.length) await opened.pop()!.stop();
});

const history = (sql: postgres.Sql) =>
  sql<{ version: string; name: string; statements: string[] | null }[]>`
    select version, name, statements from supabase_migrations.schema_migrations order by version`;

describe('migration history shared with the Supabase CLI', () => {
  it('db:migrate records every file as the CLI does; a later supabase db push applies nothing', async () => {
    const { url, sql } = await freshDatabase();
    const files = await migrationFiles();
    expect(await migrate(url)).toEqual(files.map((f) => f.file.replace(/\.sql$/, '')));
    const rows = await history(sql);
    expect(rows.map((r) => [r.version, r.name])).toEqual(files.map((f) => [f.version, f.name]));
    expect(rows.every((r) => r.statements?.length === 1 && r.statements[0]!.length > 0)).toBe(true);
    expect(await supabaseDbPush(url)).toEqual([]);
    expect(await migrate(url)).toEqual([]);
    const [legacy] = await sql`select to_regclass('public.schema_migrations') as t`;
    expect(legacy?.t).toBeNull();
  });

  it('after supabase db push, db:migrate applies nothing and the seed loads', async () => {
    const { url, sql } = await freshDatabase();
    const files = await migrationFiles();
    expect(await supabaseDbPush(url)).toEqual(files.map((f) => f.version));
    expect(await migrate(url)).toEqual([]);
    await seed(url);
    const [courses] = await sql`select count(*)::int as n from courses`;
    expect(courses?.n).toBe(5);
  });

  it('a push of the first files, db:migrate of the rest, then push again: each file ran once', async () => {
    const { url, sql } = await freshDatabase();
    const files = await migrationFiles();
    const half = files[Math.floor(files.length / 2)]!.version;
    await supabaseDbPush(url, (f) => f.version < half);
    const applied = await migrate(url);
    expect(applied).toEqual(files.filter((f) => f.version >= half).map((f) => f.file.replace(/\.sql$/, '')));
    expect(await supabaseDbPush(url)).toEqual([]);
    expect((await history(sql)).map((r) => r.version)).toEqual(files.map((f) => f.version));
  });

  it('carries over a database the older runner migrated (public.schema_migrations) and drops that table', async () => {
    const { url, sql } = await freshDatabase();
    const files = await migrationFiles();
    const shipped = files.filter((f) => f.version < '20261123000000');
    expect(shipped.length).toBe(6);
    // What the older runner did: each file, then "<version>_<name>" in public.schema_migrations.
    await sql`create table schema_migrations (version text primary key, applied_at timestamptz not null default now())`;
    for (const f of shipped) {
      await sql.begin(async (tx) => {
        await tx.unsafe(f.text);
        await tx`insert into schema_migrations (version) values (${f.file.replace(/\.sql$/, '')})`;
      });
    }
    await sql`insert into accounts (role, email, password_hash) values ('user', 'kept@example.com', 'h')`;
    const applied = await migrate(url);
    expect(applied).toEqual(files.filter((f) => f.version >= '20261123000000').map((f) => f.file.replace(/\.sql$/, '')));
    expect((await history(sql)).map((r) => [r.version, r.name])).toEqual(files.map((f) => [f.version, f.name]));
    const [legacy] = await sql`select to_regclass('public.schema_migrations') as t`;
    expect(legacy?.t).toBeNull();
    expect(await sql`select email from accounts`).toEqual([{ email: 'kept@example.com' }]);
    expect(await supabaseDbPush(url)).toEqual([]);
  });

  it('two migrators at once apply each file exactly once', async () => {
    const { url, sql } = await freshDatabase();
    const files = await migrationFiles();
    const [a, b] = await Promise.all([migrate(url), migrate(url)]);
    expect([...a!, ...b!].sort()).toEqual(files.map((f) => f.file.replace(/\.sql$/, '')));
    expect((await history(sql)).length).toBe(files.length);
  });

  it('supabase db push refuses a history naming a migration the directory lacks (as the CLI does)', async () => {
    const { url, sql } = await freshDatabase();
    await migrate(url);
    await sql`insert into supabase_migrations.schema_migrations (version, name) values ('20990101000000', 'elsewhere')`;
    await expect(supabaseDbPush(url)).rejects.toThrow(/not found in local migrations/);
  });
});
