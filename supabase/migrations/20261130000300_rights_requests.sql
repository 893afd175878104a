-- Privacy requests without an account (DPDP Act ss.11-13): a person asks for a copy, a correction
-- or an erasure, proves the email by a link (only its SHA-256 is kept), and the owners' queue shows
-- it with its deadline until an owner closes it.
create table rights_requests (
  id bigint generated always as identity primary key,
  email text not null check (email = lower(email) and length(email) <= 254),
  kind text not null check (kind in ('export', 'correction', 'erasure')),
  details text not null default '' check (length(details) <= 2000),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  status text not null default 'unconfirmed' check (status in ('unconfirmed', 'open', 'done', 'refused')),
  created_at timestamptz not null default now(),
  link_expires_at timestamptz not null,
  confirmed_at timestamptz,
  due_at timestamptz,
  closed_at timestamptz,
  closed_by text references accounts (id),
  outcome_note text check (length(outcome_note) <= 1000),
  check ((status = 'unconfirmed') = (confirmed_at is null)),
  check ((confirmed_at is null) = (due_at is null)),
  check ((status in ('done', 'refused')) = (closed_at is not null))
);
create index rights_requests_open on rights_requests (due_at) where status = 'open';
create index rights_requests_email on rights_requests (email);
alter table rights_requests enable row level security;
