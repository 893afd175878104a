-- A parent who refused and opens the link again is told so. The refusal erases the request row with
-- the child's details, so only the link's hash, the language and the day stay: nothing about anyone.
create table parental_refused_links (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  language text not null default 'en' check (language in ('en', 'hi')),
  refused_at timestamptz not null default now()
);
alter table parental_refused_links enable row level security;
