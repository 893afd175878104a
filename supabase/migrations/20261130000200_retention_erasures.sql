-- The retention job (DPDP Rules 2025 r.8) leaves one row per erasure: which kind of data, which
-- row, and when. No personal data: the row ids only, of rows that no longer exist.
create table retention_erasures (
  id bigint generated always as identity primary key,
  kind text not null check (kind ~ '^[a-z][a-z0-9-]{1,39}$'),
  subject_table text not null check (subject_table ~ '^[a-z_]{1,63}$'),
  subject_id text not null check (length(subject_id) <= 64),
  rows_erased integer not null check (rows_erased >= 0),
  erased_at timestamptz not null default now()
);
create index retention_erasures_newest on retention_erasures (erased_at desc);
alter table retention_erasures enable row level security;
