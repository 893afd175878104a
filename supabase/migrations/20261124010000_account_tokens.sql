-- Single-use links for accounts: confirming an email address (24 hours) and resetting a password
-- (30 minutes). Only the SHA-256 of the random token is kept; the link itself lives in one email.
create table account_tokens (
  id bigint generated always as identity primary key,
  account_id text not null references accounts (id) on delete cascade,
  purpose text not null check (purpose in ('verify-email', 'reset-password')),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index account_tokens_by_account on account_tokens (account_id, purpose);
alter table account_tokens enable row level security;
