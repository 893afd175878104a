-- Children's data (DPDP Act s.9, DPDP Rules 2025 r.10): a registration asks the date of birth; a
-- person under 18 names a parent, who confirms (or refuses) through a link emailed to them. Until
-- then the child's registration waits and no fee can be paid.
alter table registrations add column date_of_birth date;

-- One request per child's registration or enquiry. Only the link's SHA-256 is kept. The decision
-- records who confirmed (the parent's address the link was sent to), when, and from which link.
create table parental_consents (
  id bigint generated always as identity primary key,
  subject_table text not null check (subject_table ~ '^[a-z_]{1,63}$'),
  subject_id text not null check (length(subject_id) <= 64),
  child_email text not null check (child_email = lower(child_email) and length(child_email) <= 254),
  child_name text not null check (length(child_name) between 1 and 100),
  parent_name text not null check (length(parent_name) between 1 and 100),
  parent_email text not null check (parent_email = lower(parent_email) and length(parent_email) <= 254),
  parent_phone text not null check (length(parent_phone) between 7 and 20),
  language text not null default 'en' check (language in ('en', 'hi')),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  status text not null default 'awaiting' check (status in ('awaiting', 'given', 'refused')),
  requested_at timestamptz not null default now(),
  expires_at timestamptz not null,
  decided_at timestamptz,
  decided_by_email text check (length(decided_by_email) <= 254),
  decided_link text check (decided_link ~ '^[0-9a-f]{16}$'),
  unique (subject_table, subject_id),
  check ((status = 'awaiting') = (decided_at is null)),
  check ((decided_at is null) = (decided_link is null))
);
create index parental_consents_child on parental_consents (child_email);
create index parental_consents_parent on parental_consents (parent_email);
alter table parental_consents enable row level security;

-- A consent given for a child: marketing never goes to this address (netlify/lib/mail/outbox.ts).
alter table consents add column minor boolean not null default false;
create index consents_minor on consents (email) where minor;

-- A parent's refusal erases the child's data; the log says who asked.
alter table privacy_requests drop constraint privacy_requests_requested_by_check;
alter table privacy_requests add constraint privacy_requests_requested_by_check check (requested_by in ('self', 'admin', 'parent'));
