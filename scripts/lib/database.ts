/**
 * The database as scripts and tests see it: the embedded PGlite server (default) or any
 * PostgreSQL named by DATABASE_URL, plus the migration runner and the seed.
 */
import { readFile, readdir, mkdir, writeFile, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import postgres from 'postgres';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const MIGRATIONS_DIR = join(ROOT, 'supabase', 'migrations');
export const SEED_FILE = join(ROOT, 'supabase', 'seed.sql');
export const DATA_DIR = join(ROOT, '.data');
export const PGLITE_DIR = process.env.PGLITE_DATA_DIR ? resolve(process.env.PGLITE_DATA_DIR) : join(DATA_DIR, 'pglite');
/** Written while an embedded server runs, so other commands connect to it instead of opening the files twice. */
const RUNNING_FILE = `${PGLITE_DIR}.running.json`;
export const DEFAULT_DB_PORT = Number(process.env.LOCAL_DB_PORT ?? 54329);

export type Database = { url: string; embedded: boolean; stop: () => Promise<void> };

export function connect(url: string) {
  return postgres(url, { prepare: false, max: 1, onnotice: () => {}, connect_timeout: 10 });
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Starts PGlite (persisted in `dataDir`, or in memory) behind a Postgres wire-protocol socket. */
export async function startEmbedded({ dataDir, port }: { dataDir?: string; port?: number } = {}): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { serveEmbedded } = await import('./embedded-server.ts');
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ?? 'memory://');
  const server = await serveEmbedded(pg, '127.0.0.1', port ?? 0);
  const url = `postgres://postgres:postgres@127.0.0.1:${server.port}/postgres`;
  return {
    url,
    embedded: true,
    stop: async () => {
      await server.stop();
      await pg.close();
    },
  };
}

function runningEmbedded(): { url: string; pid: number } | undefined {
  if (!existsSync(RUNNING_FILE)) return undefined;
  try {
    const info = JSON.parse(readFileSync(RUNNING_FILE, 'utf8')) as { url: string; pid: number };
    process.kill(info.pid, 0); // throws when that process is gone
    return info;
  } catch {
    return undefined;
  }
}

/**
 * The database for a command: DATABASE_URL when set; else the embedded server another command
 * already runs; else the embedded database started here on the local files.
 */
export async function openLocalDatabase({ announce = false } = {}): Promise<Database> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  const running = runningEmbedded();
  if (running) return { url: running.url, embedded: true, stop: async () => {} };
  const database = await startEmbedded({ dataDir: PGLITE_DIR, port: DEFAULT_DB_PORT });
  if (announce) {
    await writeFile(RUNNING_FILE, JSON.stringify({ url: database.url, pid: process.pid }));
    const stop = database.stop;
    database.stop = async () => {
      await rm(RUNNING_FILE, { force: true });
      await stop();
    };
  }
  return database;
}

/** One migrator at a time, whichever process runs it (key shared with older versions of this runner). */
const MIGRATION_LOCK = 727274;

/**
 * The history table exactly as the Supabase CLI creates it (pkg/migration/history.go), so
 * `npm run db:migrate` and `supabase db push` skip what the other applied.
 */
const HISTORY_DDL = [
  'create schema if not exists supabase_migrations',
  'create table if not exists supabase_migrations.schema_migrations (version text not null primary key)',
  'alter table supabase_migrations.schema_migrations add column if not exists statements text[]',
  'alter table supabase_migrations.schema_migrations add column if not exists name text',
];

export type MigrationFile = { file: string; version: string; name: string; text: string };

/** supabase/migrations/<version>_<name>.sql, in version order (the CLI's own pattern). */
export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const files = (await readdir(dir)).filter((f) => /^[0-9]+_.*\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const [, version, name] = /^([0-9]+)_(.*)\.sql$/.exec(file)!;
      return { file, version: version!, name: name!, text: await readFile(join(dir, file), 'utf8') };
    }),
  );
}

/**
 * Creates the history table and carries over versions recorded by older versions of this runner
 * in public.schema_migrations ("<version>_<name>"), then drops that table.
 */
async function prepareHistory(sql: postgres.Sql): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    for (const statement of HISTORY_DDL) await tx.unsafe(statement);
    const [legacy] = await tx`select to_regclass('public.schema_migrations') is not null as present`;
    if (!legacy?.present) return;
    await tx`
      insert into supabase_migrations.schema_migrations (version, name)
      select split_part(version, '_', 1), nullif(substr(version, length(split_part(version, '_', 1)) + 2), '')
      from public.schema_migrations
      on conflict (version) do nothing`;
    await tx`drop table public.schema_migrations`;
  });
}

/** Applies each migration file once, in version order, each in its own transaction. */
export async function migrate(url: string, log: (line: string) => void = () => {}): Promise<string[]> {
  const sql = connect(url);
  try {
    await prepareHistory(sql);
    const applied: string[] = [];
    for (const migration of await migrationFiles()) {
      const done = await sql.begin(async (tx) => {
        await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`; // one migrator at a time
        const [seen] = await tx`select 1 from supabase_migrations.schema_migrations where version = ${migration.version}`;
        if (seen) return false;
        // The site's role has short timeouts (a migration sets them); a migration may take longer.
        await tx`set local statement_timeout = 0`;
        await tx`set local lock_timeout = 0`;
        await tx.unsafe(migration.text);
        // The CLI stores the statements so `supabase migration fetch` can write the file back
        // (joined with ";\n"); the whole file is one statement here.
        const statements = [migration.text.trim().replace(/;\s*$/, '')];
        await tx`
          insert into supabase_migrations.schema_migrations (version, name, statements)
          values (${migration.version}, ${migration.name}, ${statements})`;
        return true;
      });
      if (done) {
        applied.push(migration.file.replace(/\.sql$/, ''));
        log(`applied ${migration.file}`);
      }
    }
    return applied;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Loads supabase/seed.sql; it only inserts what is missing, so it is safe to run again. */
export async function seed(url: string): Promise<void> {
  const sql = connect(url);
  try {
    const text = await readFile(SEED_FILE, 'utf8');
    await sql.begin((tx) => tx.unsafe(text));
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Drops every table and applies migrations and seed again. */
export async function reset(url: string): Promise<void> {
  const sql = connect(url);
  try {
    await sql.unsafe('drop schema if exists supabase_migrations cascade; drop schema public cascade; create schema public;');
  } finally {
    await sql.end({ timeout: 5 });
  }
  await migrate(url);
  await seed(url);
}
