-- Fee plans paid in instalments: a plan (e.g. the AspiraAdmit fee in 4 parts) has fixed parts;
-- a learner's enrolment copies them with their own due dates (IST calendar days) and amounts
-- (GST setting and any plan code applied once, at enrolment). Each part is paid through the
-- payments core as its own order (purpose 'instalment') and gets its own invoice.

create table instalment_plans (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{1,59}$'),
  name text not null check (length(name) between 1 and 120),
  programme text not null check (length(programme) between 1 and 120),
  description text not null default '' check (length(description) <= 2000),
  -- The registration fee (src/shared/registration-fees.ts) that must be paid before enrolling.
  registration_fee_option text check (length(registration_fee_option) between 1 and 40),
  active boolean not null default true,
  created_by text not null check (length(created_by) between 1 and 64),  -- admin account id, or 'seed'
  created_at timestamptz not null default now()
);
alter table instalment_plans enable row level security;

create table instalment_plan_parts (
  id bigint generated always as identity primary key,
  plan_id bigint not null references instalment_plans (id) on delete cascade,
  position int not null check (position between 1 and 24),
  label text not null check (length(label) between 1 and 80),
  amount_paise bigint not null check (amount_paise >= 100),              -- list price, before the GST setting
  due_after_days int check (due_after_days between 0 and 3650),          -- days after enrolment
  due_on date,                                                           -- or a fixed date for a cohort
  check ((due_after_days is null) <> (due_on is null)),
  unique (plan_id, position)
);
alter table instalment_plan_parts enable row level security;

create table plan_enrolments (
  id bigint generated always as identity primary key,
  plan_id bigint not null references instalment_plans (id),
  account_id text not null references accounts (id),
  email text not null check (length(email) <= 254),                      -- the learner's email at enrolment
  discount_code text,
  list_paise bigint not null check (list_paise >= 0),                    -- charged total before the code
  discount_paise bigint not null default 0 check (discount_paise >= 0),
  status text not null default 'active' check (status in ('active', 'completed')),
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  check ((status = 'completed') = (completed_at is not null)),
  unique (plan_id, account_id)
);
alter table plan_enrolments enable row level security;
create index plan_enrolments_by_account on plan_enrolments (account_id);

create table enrolment_parts (
  id bigint generated always as identity primary key,
  enrolment_id bigint not null references plan_enrolments (id) on delete cascade,
  position int not null,
  label text not null,
  due_on date not null,                                                  -- IST calendar day
  list_paise bigint not null check (list_paise >= 0),                    -- charged amount before the code
  discount_paise bigint not null default 0 check (discount_paise >= 0),
  amount_paise bigint not null check (amount_paise >= 0 and amount_paise = list_paise - discount_paise),
  status text not null default 'due' check (status in ('due', 'paid')),
  paid_at timestamptz,
  payment_id text,
  order_id text references payment_orders (id),
  check ((status = 'paid') = (paid_at is not null)),
  unique (enrolment_id, position)
);
alter table enrolment_parts enable row level security;
create index enrolment_parts_unpaid on enrolment_parts (due_on) where status = 'due';

-- One row per checkout attempt of a part (gateway order, or a 'free' order for a part a code made 0).
create table instalment_payments (
  order_id text primary key references payment_orders (id),
  part_id bigint not null references enrolment_parts (id),
  amount_paise bigint not null check (amount_paise >= 0),
  -- created: waiting for payment; paid: the part's payment; duplicate: a capture for a part
  -- already paid through another order (kept for the automatic refund)
  status text not null default 'created' check (status in ('created', 'paid', 'duplicate')),
  payment_id text unique,
  paid_at timestamptz,
  buyer_state_code text check (buyer_state_code ~ '^[0-9]{2}$'),
  buyer_gstin text check (length(buyer_gstin) = 15),
  buyer_business_name text check (length(buyer_business_name) <= 200),
  refund_id text,
  refunded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'created') = (payment_id is null))
);
alter table instalment_payments enable row level security;
create index instalment_payments_by_part on instalment_payments (part_id);
create index instalment_payments_duplicates on instalment_payments (paid_at) where status = 'duplicate';

-- Each reminder of a part at most once ever: the key is the guarantee.
create table instalment_reminders (
  part_id bigint not null references enrolment_parts (id) on delete cascade,
  kind text not null check (kind in ('upcoming', 'due', 'overdue')),
  sent_at timestamptz not null default now(),
  primary key (part_id, kind)
);
alter table instalment_reminders enable row level security;

-- The AspiraAdmit registration fee (INR 11,000, non-refundable) comes before its plan.
alter table registration_payments drop constraint registration_payments_fee_option_check;
alter table registration_payments add constraint registration_payments_fee_option_check
  check (fee_option in ('online', 'hybrid', 'discover', 'elevate', 'plor', 'admit', 'custom'));

-- AspiraAdmit: INR 2,00,000 payable in 4 parts (production has this plan too).
with plan as (
  insert into instalment_plans (slug, name, programme, description, registration_fee_option, created_by)
  values ('aspiraadmit', 'AspiraAdmit fee in 4 parts', 'AspiraAdmit',
          'The AspiraAdmit fee of ₹2,00,000 in four parts of ₹50,000: the first on enrolment, then every 30 days. Pay the ₹11,000 registration fee first.',
          'admit', 'seed')
  returning id
)
insert into instalment_plan_parts (plan_id, position, label, amount_paise, due_after_days)
select plan.id, p.position, p.label, 5000000, p.days
from plan, (values (1, 'Part 1', 0), (2, 'Part 2', 30), (3, 'Part 3', 60), (4, 'Part 4', 90)) as p(position, label, days);
