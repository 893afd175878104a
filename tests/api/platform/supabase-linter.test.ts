/**
 * Supabase's Security Advisor rules that matter, run over the migrated schema so a future
 * migration cannot reopen the Data API: RLS on every public table, no security-definer view in
 * public, no privilege for anon/authenticated in public. Catalog queries: runs on the embedded
 * database and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/harness.ts';
import { lintPublic } from '../support/supabase.ts';

const db = useTestDatabase();

/** Runs `fn` in a transaction that is always rolled back, and returns the linter's findings inside it. */
async function findingsWith(statements: string): Promise<string[]> {
  let findings: string[] = [];
  await db.sql
    .begin(async (tx) => {
      await tx.unsafe(statements);
      findings = await lintPublic(tx);
      throw new Error('roll back');
    })
    .catch((error: Error) => {
      if (error.message !== 'roll back') throw error;
    });
  return findings;
}

describe('Supabase linter rules over the migrated schema', () => {
  it('finds nothing: every table has RLS, views are security_invoker, the Data API roles hold nothing', async () => {
    expect(await lintPublic(db.sql)).toEqual([]);
    const [tables] = await db.sql`
      select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity`;
    expect(tables?.n).toBeGreaterThanOrEqual(17);
  });

  it('names a new table created without row level security', async () => {
    expect(await findingsWith('create table public.forgot_rls (id int)')).toEqual(['rls_disabled_in_public: forgot_rls']);
  });

  it('names a new view that runs with its owner rights', async () => {
    expect(await findingsWith('create view public.definer_view as select id from courses')).toEqual([
      'security_definer_view: definer_view',
    ]);
  });

  it('names a grant to anon or authenticated', async () => {
    // The roles exist on a Supabase project; create them for this transaction where they do not.
    const findings = await findingsWith(`
      do $$ begin
        if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin; end if;
        if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin; end if;
      end $$;
      grant select on courses to anon;
      grant insert on contact_requests to authenticated;`);
    expect(findings).toEqual(['granted to anon: courses SELECT', 'granted to authenticated: contact_requests INSERT']);
  });
});
