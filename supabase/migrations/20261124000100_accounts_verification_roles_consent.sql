-- Accounts people can trust, admins with roles, and a record of consent (DPDP Act).

-- A learner confirms their email before buying. Accounts that exist before this migration keep
-- working as they did: they are marked verified at their creation time (nobody is locked out).
alter table accounts add column email_verified_at timestamptz;
update accounts set email_verified_at = created_at;

-- Admins are owners (everything, manages admins) or counsellors (leads only). Every admin that
-- exists before this migration is an owner; learners have no admin role.
alter table accounts add column admin_role text check (admin_role in ('owner', 'counsellor'));
update accounts set admin_role = 'owner' where role = 'admin';
alter table accounts add constraint accounts_admin_role_only_admins
  check ((role = 'admin') = (admin_role is not null));

-- Consent given on a form that collects personal data: which notice (version) the person saw,
-- when, and the row it came with. Kept after an erasure with the email replaced by its hash.
create table consents (
  id bigint generated always as identity primary key,
  email text not null check (length(email) <= 254),
  purpose text not null check (purpose ~ '^[a-z][a-z0-9-]{1,39}$'),   -- 'contact', 'signup', 'registration' ...
  notice_version text not null check (length(notice_version) between 1 and 40),
  subject_table text not null check (subject_table ~ '^[a-z_]{1,63}$'),
  subject_id text not null check (length(subject_id) <= 64),
  given_at timestamptz not null default now()
);
create index consents_by_email on consents (email);
create index consents_by_subject on consents (subject_table, subject_id);
alter table consents enable row level security;
