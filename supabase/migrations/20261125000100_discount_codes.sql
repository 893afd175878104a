-- Discount and scholarship codes: the rules of each code, and every use of one (reserved while
-- the buyer pays, used once the payment is recorded, released when it is not).

create table discount_codes (
  id bigint generated always as identity primary key,
  code text not null unique check (code ~ '^[A-Z0-9][A-Z0-9-]{3,31}$'),   -- stored upper case
  description text not null default '' check (length(description) <= 200),
  kind text not null check (kind in ('percent', 'fixed')),
  percent_off integer check (percent_off between 1 and 100),
  amount_off_paise bigint check (amount_off_paise > 0),
  scope text not null check (scope in ('all-courses', 'courses', 'registration-fees', 'plans')),
  -- empty = every course / fee option / plan of the scope
  course_ids text[] not null default '{}',
  fee_options text[] not null default '{}',
  plan_ids bigint[] not null default '{}',
  valid_from timestamptz,
  valid_until timestamptz,
  max_uses integer check (max_uses > 0),
  once_per_person boolean not null default true,
  application_id bigint references scholarship_applications (id) on delete set null,
  issued_to_email text check (issued_to_email = lower(issued_to_email) and length(issued_to_email) <= 254),
  active boolean not null default true,
  created_by text not null check (length(created_by) <= 254),
  created_at timestamptz not null default now(),
  check ((kind = 'percent') = (percent_off is not null)),
  check ((kind = 'fixed') = (amount_off_paise is not null)),
  check (valid_from is null or valid_until is null or valid_from < valid_until)
);
alter table discount_codes enable row level security;

create table discount_redemptions (
  id bigint generated always as identity primary key,
  code_id bigint not null references discount_codes (id),
  email text not null check (email = lower(email) and length(email) <= 254),
  target text not null check (target in ('course', 'registration', 'plan')),
  order_id text references payment_orders (id),
  plan_enrolment_id bigint,
  list_paise bigint not null check (list_paise >= 0),
  discount_paise bigint not null check (discount_paise >= 0),
  total_paise bigint not null check (total_paise >= 0),
  status text not null default 'reserved' check (status in ('reserved', 'used', 'released')),
  reserved_until timestamptz not null,
  created_at timestamptz not null default now(),
  used_at timestamptz,
  check (list_paise = discount_paise + total_paise),
  check ((status = 'used') = (used_at is not null))
);
create index discount_redemptions_by_code on discount_redemptions (code_id, status);
create index discount_redemptions_by_order on discount_redemptions (order_id) where order_id is not null;
alter table discount_redemptions enable row level security;

-- The invoice shows the list price and the discount; its tax is on what was paid.
alter table invoices add column list_paise bigint check (list_paise >= 0);
alter table invoices add column discount_paise bigint not null default 0 check (discount_paise >= 0);
alter table invoices add column discount_code text check (length(discount_code) <= 32);
-- A 100% scholarship still gets a (zero-value) invoice.
alter table invoices drop constraint invoices_total_paise_check;
alter table invoices add constraint invoices_total_paise_check check (total_paise >= 0);

-- A free order (a 100% code) is recorded in the ledger without a gateway, for 0.
alter table payment_orders drop constraint payment_orders_gateway_check;
alter table payment_orders add constraint payment_orders_gateway_check check (gateway in ('sandbox', 'test', 'live', 'free'));
alter table payment_orders drop constraint payment_orders_amount_paise_check;
alter table payment_orders add constraint payment_orders_amount_paise_check
  check ((gateway = 'free' and amount_paise = 0) or (gateway <> 'free' and amount_paise > 0));

alter table course_orders drop constraint course_orders_amount_paise_check;
alter table course_orders add constraint course_orders_amount_paise_check check (amount_paise >= 0);
alter table course_orders add column list_paise bigint check (list_paise >= 0);
alter table course_orders add column discount_paise bigint not null default 0 check (discount_paise >= 0);
alter table course_orders add column discount_code text check (length(discount_code) <= 32);

alter table registration_payments drop constraint registration_payments_amount_paise_check;
alter table registration_payments add constraint registration_payments_amount_paise_check check (amount_paise >= 0);
alter table registration_payments add column list_paise bigint check (list_paise >= 0);
alter table registration_payments add column discount_paise bigint not null default 0 check (discount_paise >= 0);
alter table registration_payments add column discount_code text check (length(discount_code) <= 32);
