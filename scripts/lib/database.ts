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

/** Applies each migration file once, in name order, each in its own transaction. */
export async function migrate(url: string, log: (line: string) => void = () => {}): Promise<string[]> {
  const sql = connect(url);
  try {
    await sql`create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())`;
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    const applied: string[] = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      const text = await readFile(join(MIGRATIONS_DIR, file), 'utf8');
      const done = await sql.begin(async (tx) => {
        await tx`select pg_advisory_xact_lock(727274)`; // one migrator at a time
        const [seen] = await tx`select 1 from schema_migrations where version = ${version}`;
        if (seen) return false;
        await tx.unsafe(text);
        await tx`insert into schema_migrations (version) values (${version})`;
        return true;
      });
      if (done) {
        applied.push(version);
        log(`applied ${version}`);
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
    await sql.unsafe('drop schema public cascade; create schema public;');
  } finally {
    await sql.end({ timeout: 5 });
  }
  await migrate(url);
  await seed(url);
}
