-- Privacy rights (DPDP Act): exports and erasures are logged, and an erased person's payment
-- records keep the name the tax law needs while every other table forgets them.

-- Who ran an export or an erasure, when, what it touched, for whom (an HMAC of the email only).
create table privacy_requests (
  id bigint generated always as identity primary key,
  action text not null check (action in ('export', 'erasure')),
  email_hash text not null check (email_hash ~ '^[0-9a-f]{64}$'),
  requested_by text not null check (requested_by in ('self', 'admin')),
  admin_account_id text references accounts (id),
  summary jsonb not null default '{}'::jsonb,     -- rows exported or erased, per table
  created_at timestamptz not null default now(),
  check ((requested_by = 'admin') = (admin_account_id is not null))
);
create index privacy_requests_newest on privacy_requests (created_at desc);
alter table privacy_requests enable row level security;

-- The payer's name, copied here when the rest of their data is erased (invoices need it).
alter table registration_payments add column payer_name text check (length(payer_name) <= 100);
alter table course_orders add column buyer_name text check (length(buyer_name) <= 201);

-- An erased account or registration stays only as an anonymous row that payments point to.
alter table accounts add column erased_at timestamptz;
alter table registrations add column erased_at timestamptz;
