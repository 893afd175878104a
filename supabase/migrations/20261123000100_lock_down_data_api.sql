-- Lock Supabase's Data API out of `public`.
--
-- Supabase serves `public` through PostgREST to the roles `anon` and `authenticated`, and its
-- default privileges grant them everything on every new table, view, sequence and function. Our
-- functions connect as the owner through the pooler; nobody else may read or change anything here.
--
-- RULE FOR EVERY NEW MIGRATION: a table created in `public` gets
--   alter table <name> enable row level security;
-- in the same migration, and no grant to anon or authenticated; a view gets
--   with (security_invoker = true).
-- tests/api/supabase-linter.test.ts fails when a migration forgets.
--
-- Applies everywhere: on plain PostgreSQL and the embedded database the Supabase roles do not
-- exist and only the RLS and view parts run.

-- Row level security on every table, with no policy: the owner (the app) bypasses it, every
-- other role sees no rows even if a grant ever comes back.
do $$
declare
  t record;
begin
  for t in
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
  loop
    execute format('alter table public.%I enable row level security', t.relname);
  end loop;
end
$$;

-- Views run with the privileges of whoever queries them, not of their owner.
alter view lead_inbox set (security_invoker = true);
alter view lead_inbox_kinds set (security_invoker = true);

-- Nobody but the owner may create objects in public (Supabase grants CREATE to PUBLIC).
revoke create on schema public from public;

do $$
declare
  api_role text;
  grantor record;
begin
  foreach api_role in array array['anon', 'authenticated'] loop
    continue when not exists (select 1 from pg_roles where rolname = api_role);
    execute format('revoke create on schema public from %I', api_role);
    execute format('revoke all on all tables in schema public from %I', api_role);
    execute format('revoke all on all sequences in schema public from %I', api_role);
    execute format('revoke all on all functions in schema public from %I', api_role);
    -- Default privileges for future objects, for every creator whose defaults we may change
    -- (on Supabase: postgres; supabase_admin's are not ours to change and it creates nothing here).
    for grantor in
      select distinct r.rolname from pg_default_acl d join pg_roles r on r.oid = d.defaclrole
      where pg_has_role(current_user, d.defaclrole, 'USAGE')
    loop
      execute format('alter default privileges for role %I in schema public revoke all on tables from %I', grantor.rolname, api_role);
      execute format('alter default privileges for role %I in schema public revoke all on sequences from %I', grantor.rolname, api_role);
      execute format('alter default privileges for role %I in schema public revoke all on functions from %I', grantor.rolname, api_role);
      execute format('alter default privileges for role %I revoke all on tables from %I', grantor.rolname, api_role);
      execute format('alter default privileges for role %I revoke all on sequences from %I', grantor.rolname, api_role);
      execute format('alter default privileges for role %I revoke all on functions from %I', grantor.rolname, api_role);
    end loop;
  end loop;
  -- Every role holds PUBLIC's privileges, and PostgreSQL lets PUBLIC execute every new function.
  if exists (select 1 from pg_roles where rolname in ('anon', 'authenticated')) then
    revoke all on all functions in schema public from public;
    execute format('alter default privileges for role %I revoke execute on functions from public', current_user);
  end if;
end
$$;
