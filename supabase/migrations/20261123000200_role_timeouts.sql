-- Timeouts that survive a transaction pooler.
--
-- The site connects through Supabase's transaction pooler (port 6543): a session setting or a
-- startup parameter does not reach the server connection a query runs on (PgBouncer refuses
-- `statement_timeout` as a startup parameter; Supavisor drops it). A role setting does: the server
-- applies it to every connection the pooler opens for this role in this database. So every
-- statement of the site (the role that runs this migration, i.e. the owner) ends within 5 s, waits
-- at most 3 s for a lock, and a transaction left idle is ended after 10 s. The API answers
-- 503 + Retry-After for each of these, well inside Netlify's 10 s.
--
-- A migration that needs longer starts with `set statement_timeout = 0;` (npm run db:migrate does
-- this for every migration; `supabase db push` resets settings before each file).
-- Not on the embedded PGlite database: it is one session for every client, and ending that
-- session (idle_in_transaction_session_timeout) would end the local database.
do $$
begin
  if version() like '%PGlite%' then
    return;
  end if;
  execute format('alter role %I in database %I set statement_timeout = %L', current_user, current_database(), '5s');
  execute format('alter role %I in database %I set lock_timeout = %L', current_user, current_database(), '3s');
  execute format('alter role %I in database %I set idle_in_transaction_session_timeout = %L', current_user, current_database(), '10s');
end
$$;
