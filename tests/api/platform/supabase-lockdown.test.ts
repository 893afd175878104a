/**
 * Supabase's Data API (PostgREST) runs every request as `anon` or `authenticated`. On a database
 * set up as Supabase sets up a project (those roles, Supabase's default privileges granting them
 * everything in public), our migrations must leave them able to read and change nothing in
 * public, while every endpoint keeps working for the owner the site connects as.
 *
 * PostgreSQL only: the embedded PGlite database has no roles worth testing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { migrate, seed } from '../../../scripts/lib/database.ts';
import { closeDb } from '../../../netlify/lib/platform/index.ts';
import {
  API_ROLES,
  createServerDatabase,
  lintPublic,
  runCoreFlows,
  supabaseDbPush,
  useDatabaseUrl,
  type ServerDatabase,
} from '../support/supabase.ts';

const SERVER = process.env.TEST_DATABASE_URL;
const LOCKDOWN = '20261123000100';
if (!SERVER) console.warn('supabase-lockdown: skipped, TEST_DATABASE_URL is not set (PGlite has no roles worth testing)');

type Relation = { name: string; kind: string; column: string };

/** Runs `statement` as `role` and returns the SQLSTATE it failed with, or 'ok'. */
async function as(sql: postgres.Sql, role: string, statement: string): Promise<string> {
  try {
    await sql.begin(async (tx) => {
      await tx.unsafe(`set local role ${role}`);
      await tx.unsafe(statement);
      throw Object.assign(new Error('rollback'), { code: 'ok' });
    });
    return 'unreachable';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe.skipIf(!SERVER)('Supabase Data API lock-down', () => {
  let database: ServerDatabase;
  let sql: postgres.Sql;

  beforeAll(async () => {
    database = await createServerDatabase(SERVER!, { supabase: true });
    sql = postgres(database.url, { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await closeDb();
    await sql?.end({ timeout: 5 });
    await database?.stop();
  });

  it('before the lock-down migration, anon reads password hashes and promotes itself (the hole this closes)', async () => {
    await supabaseDbPush(database.url, (f) => f.version < LOCKDOWN);
    await sql`insert into accounts (role, email, password_hash) values ('user', 'before@example.com', 'argon-hash')`;
    const rolledBack = sql.begin(async (tx) => {
      await tx`set local role anon`;
      expect(await tx`select password_hash from accounts`).toEqual([{ password_hash: 'argon-hash' }]);
      expect((await tx`update accounts set role = 'admin' where email = 'before@example.com'`).count).toBe(1);
      await tx`select * from lead_inbox`;
      await tx`insert into payment_events (event_id, event) values ('evt_forged', 'payment.captured')`;
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await lintPublic(sql)).toContain('rls_disabled_in_public: accounts');
    await sql`delete from accounts`;
  });

  it('the remaining migrations apply on top (npm run db:migrate after supabase db push) and the linter is clean', async () => {
    const applied = await migrate(database.url);
    expect(applied.map((v) => v.slice(0, 14)).every((v) => v >= LOCKDOWN)).toBe(true);
    expect(applied.length).toBeGreaterThan(0);
    await seed(database.url);
    expect(await lintPublic(sql)).toEqual([]);
  });

  it('anon and authenticated can select, insert, update, delete and truncate nothing in public', async () => {
    const relations = await sql<Relation[]>`
      select c.relname as name, c.relkind as kind,
        (select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attidentity = '' and a.attgenerated = '' order by a.attnum limit 1) as column
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') order by 1`;
    expect(relations.length).toBeGreaterThanOrEqual(19); // every relation in public: at least the first release's 17 tables and 2 views
    const outcomes: string[] = [];
    for (const role of API_ROLES) {
      for (const r of relations) {
        const table = `public."${r.name}"`;
        const tries = {
          select: `select * from ${table} limit 1`,
          insert: `insert into ${table} default values`,
          update: `update ${table} set "${r.column}" = "${r.column}"`,
          delete: `delete from ${table}`,
          truncate: `truncate ${table}`,
        };
        for (const [action, statement] of Object.entries(tries)) {
          const code = await as(sql, role, statement);
          // Views that cannot be written fail before the privilege check (55000, 0A000, 42809).
          const refused = code === '42501' || (r.kind === 'v' && action !== 'select' && ['55000', '0A000', '42809'].includes(code));
          if (!refused) outcomes.push(`${role} ${action} ${r.name}: ${code}`);
        }
      }
    }
    expect(outcomes).toEqual([]);
    const [rows] = await sql`select count(*)::int as n from courses`;
    expect(rows?.n).toBeGreaterThanOrEqual(5); // nothing was deleted
  });

  it('anon and authenticated can use no sequence or function in public', async () => {
    const sequences = await sql<
      { name: string }[]
    >`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S'`;
    expect(sequences.length).toBeGreaterThan(0);
    const functions = await sql<
      { sig: string }[]
    >`select p.oid::regprocedure::text as sig from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`;
    for (const role of API_ROLES) {
      for (const s of sequences) expect(await as(sql, role, `select nextval('public."${s.name}"')`), `${role} ${s.name}`).toBe('42501');
      for (const f of functions) {
        const [row] = await sql`select has_function_privilege(${role}, ${f.sig}::regprocedure, 'EXECUTE') as can`;
        expect(row?.can, `${role} ${f.sig}`).toBe(false);
      }
    }
  });

  it('objects a future migration creates in public get no grants (Supabase default privileges revoked)', async () => {
    await sql.unsafe(`
      create table public.lockdown_probe (id bigint generated always as identity primary key, secret text);
      create view public.lockdown_probe_view with (security_invoker = true) as select * from public.lockdown_probe;
      create function public.lockdown_probe_fn() returns int language sql as 'select 1';`);
    try {
      for (const role of API_ROLES) {
        expect(await as(sql, role, 'select * from public.lockdown_probe')).toBe('42501');
        expect(await as(sql, role, `insert into public.lockdown_probe (secret) values ('x')`)).toBe('42501');
        expect(await as(sql, role, 'select * from public.lockdown_probe_view')).toBe('42501');
        expect(await as(sql, role, `select nextval('public.lockdown_probe_id_seq')`)).toBe('42501');
        expect(await as(sql, role, 'select public.lockdown_probe_fn()')).toBe('42501');
        expect(await as(sql, role, 'create table public.planted (id int)')).toBe('42501');
      }
      // The one thing a migration must still do itself: the linter names it.
      expect(await lintPublic(sql)).toEqual(['rls_disabled_in_public: lockdown_probe']);
    } finally {
      await sql.unsafe('drop view public.lockdown_probe_view; drop table public.lockdown_probe; drop function public.lockdown_probe_fn();');
    }
  });

  it('every core flow still works for the site, which connects as the owner', async () => {
    await useDatabaseUrl(database.url);
    await runCoreFlows(sql);
  });
});
