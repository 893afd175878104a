/**
 * Helpers for the Supabase, pooler and fault tests: a database of our own on the test server
 * (optionally set up the way Supabase sets a project up), `supabase db push` as the CLI does it,
 * Supabase's linter rules that matter, and the core API flows run against whatever DATABASE_URL is.
 */
import { expect } from 'vitest';
import postgres from 'postgres';
import { migrationFiles, type MigrationFile } from '../../../scripts/lib/database.ts';
import { closeDb, resetEnvForTests } from '../../../netlify/lib/platform/index.ts';
import { call } from './harness.ts';
import { build } from '../../support/factories.ts';

export const API_ROLES = ['anon', 'authenticated'] as const;

const quiet = { max: 1, onnotice: () => {} };

/** Creates the Data API roles cluster-wide unless present (other test files may race us). */
export async function ensureSupabaseRoles(serverUrl: string): Promise<void> {
  const admin = postgres(serverUrl, quiet);
  try {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      await admin.unsafe(
        `do $$ begin create role ${role} nologin noinherit; exception when duplicate_object or unique_violation then null; end $$`,
      );
    }
    await admin.unsafe(
      `do $$ begin create role authenticator login noinherit; exception when duplicate_object or unique_violation then null; end $$`,
    );
    await admin.unsafe('grant anon, authenticated, service_role to authenticator');
  } finally {
    await admin.end({ timeout: 5 });
  }
}

export type ServerDatabase = { name: string; url: string; stop: () => Promise<void> };

/**
 * A fresh database on the test server. `supabase: true` prepares it as a Supabase project is
 * before any migration: the Data API roles may use public and get everything created there.
 */
export async function createServerDatabase(serverUrl: string, { supabase = false } = {}): Promise<ServerDatabase> {
  const name = `aspira_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, quiet);
  await admin.unsafe(`create database ${name}`);
  await admin.end({ timeout: 5 });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (supabase) {
    await ensureSupabaseRoles(serverUrl);
    const sql = postgres(url.toString(), quiet);
    await sql.unsafe(`
      grant all on schema public to public;
      grant usage on schema public to anon, authenticated, service_role;
      alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
      alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
      alter default privileges in schema public grant all on functions to anon, authenticated, service_role;`);
    await sql.end({ timeout: 5 });
  }
  return {
    name,
    url: url.toString(),
    stop: async () => {
      const cleanup = postgres(serverUrl, quiet);
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end({ timeout: 5 });
    },
  };
}

/**
 * `supabase db push` as the CLI runs it (pkg/migration: history.go, apply.go): its history table,
 * refusal when history and files disagree, then each pending file and its history row together.
 */
export async function supabaseDbPush(url: string, only?: (file: MigrationFile) => boolean): Promise<string[]> {
  const sql = postgres(url, { ...quiet, prepare: false });
  try {
    const local = (await migrationFiles()).filter(only ?? (() => true));
    const [exists] = await sql`select to_regclass('supabase_migrations.schema_migrations') is not null as present`;
    const remote = exists?.present
      ? (await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations order by version`).map((r) => r.version)
      : [];
    const missing = remote.filter((v) => !local.some((f) => f.version === v));
    if (missing.length) throw new Error(`Remote migration versions not found in local migrations directory: ${missing.join(', ')}`);
    const pending = local.filter((f) => !remote.includes(f.version));
    const last = remote.at(-1);
    if (last && pending.some((f) => f.version < last))
      throw new Error('Found local migration files to be inserted before the last migration');
    if (pending.length === 0) return [];
    await sql.unsafe(`set lock_timeout = '4s';
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
      alter table supabase_migrations.schema_migrations add column if not exists statements text[];
      alter table supabase_migrations.schema_migrations add column if not exists name text;`);
    for (const file of pending) {
      await sql`reset all`;
      await sql.begin(async (tx) => {
        await tx.unsafe(file.text);
        await tx`insert into supabase_migrations.schema_migrations (version, name, statements) values (${file.version}, ${file.name}, ${[file.text]})`;
      });
    }
    return pending.map((f) => f.version);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Supabase's linter rules that matter here (splinter: rls_disabled_in_public,
 * security_definer_view) and no privilege at all for the Data API roles in public. Catalog
 * queries only, so they run on the embedded database too (where those roles may not exist).
 */
export async function lintPublic(sql: postgres.Sql | postgres.TransactionSql): Promise<string[]> {
  const findings: string[] = [];
  const noRls = await sql<{ name: string }[]>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity order by 1`;
  for (const t of noRls) findings.push(`rls_disabled_in_public: ${t.name}`);
  const definerViews = await sql<{ name: string }[]>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('v', 'm')
      and not (lower(coalesce(c.reloptions::text, '{}'))::text[]
        && array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on'])
    order by 1`;
  for (const v of definerViews) findings.push(`security_definer_view: ${v.name}`);
  const roles = (await sql<{ rolname: string }[]>`select rolname from pg_roles where rolname in ('anon', 'authenticated')`).map(
    (r) => r.rolname,
  );
  for (const role of roles) {
    const grants = await sql<{ grant: string }[]>`
      select c.relname || ' ' || p.privilege as grant
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as p (privilege)
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f') and has_table_privilege(${role}, c.oid, p.privilege)
      union all
      select c.relname || ' ' || p.privilege from pg_class c join pg_namespace n on n.oid = c.relnamespace
      cross join unnest(array['USAGE', 'SELECT', 'UPDATE']) as p (privilege)
      where n.nspname = 'public' and c.relkind = 'S' and has_sequence_privilege(${role}, c.oid, p.privilege)
      union all
      select f.oid::regprocedure::text || ' EXECUTE' from pg_proc f join pg_namespace n on n.oid = f.pronamespace
      where n.nspname = 'public' and has_function_privilege(${role}, f.oid, 'EXECUTE')
      union all
      select 'schema public CREATE' where has_schema_privilege(${role}, 'public', 'CREATE')
      order by 1`;
    for (const g of grants) findings.push(`granted to ${role}: ${g.grant}`);
  }
  return findings;
}

/** Points the functions under test at `url` with a fresh pool. */
export async function useDatabaseUrl(url: string): Promise<void> {
  await closeDb();
  Object.assign(process.env, { DATABASE_URL: url, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  resetEnvForTests();
}

let flowCounter = 0;

/** The API's core flows, each checked for what a visitor sees: course list, a lead, signup + login, an OTP. */
export async function runCoreFlows(sql: postgres.Sql): Promise<void> {
  const n = `${process.pid}.${++flowCounter}.${Date.now()}`;
  const ip = `192.0.2.${(flowCounter % 250) + 1}`;
  const courses = await call('GET', '/api/v1/course/courses');
  expect(courses.status, courses.text).toBe(200);
  expect(courses.body.courses.length).toBeGreaterThanOrEqual(5);

  const email = `lead.${n}@example.com`;
  const lead = await call('POST', '/api/v1/user/contactus', {
    body: build.contact({ Name: 'Asha Verma', Number: '98100 42424', email, comments: 'Which course suits me?' }),
    ip,
  });
  expect(lead.status, lead.text).toBe(201);
  expect(await sql`select 1 from contact_requests where email = ${email}`).toHaveLength(1);

  const learner = `learner.${n}@example.com`;
  const signup = await call('POST', '/api/v1/user/signup', {
    body: { firstName: 'Asha', lastName: 'Rao', email: learner, password: 'learn2grow!' },
    ip,
  });
  expect(signup.status, signup.text).toBe(201);
  const login = await call('POST', '/api/v1/user/login', { body: { email: learner, password: 'learn2grow!' }, ip });
  expect(login.status, login.text).toBe(200);

  const otpEmail = `otp.${n}@example.com`;
  const otp = await call('POST', '/api/v1/otp/send', { body: { email: otpEmail }, ip });
  expect(otp.status, otp.text).toBe(200);
  expect(await sql`select 1 from email_outbox where to_address = ${otpEmail} and tag = 'otp'`).toHaveLength(1);
}
