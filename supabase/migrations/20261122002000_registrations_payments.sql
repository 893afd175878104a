-- Registration with email OTP, the registration-fee payment, and the payments platform
-- (our ledger of gateway orders, the sandbox gateway's own books, webhook idempotency).
-- Money is integer paise. Every "exactly once" rule is a constraint.

-- One-time codes sent by email. Only a keyed hash of the code is stored.
create table email_otps (
  id bigint generated always as identity primary key,
  email text not null check (email = lower(email) and length(email) <= 254),
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0 check (attempts >= 0),
  consumed_at timestamptz,                 -- used, replaced by a newer code, or killed by wrong tries
  created_at timestamptz not null default now()
);
create index email_otps_by_email on email_otps (email, created_at desc);

-- Proof that an email was verified: short-lived, single use, bound to that email. Hash only.
create table otp_verification_tokens (
  token_hash text primary key,
  email text not null check (email = lower(email) and length(email) <= 254),
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);

-- One registration per verified email (a second registration updates the first).
create table registrations (
  id text primary key default substr(replace(gen_random_uuid()::text, '-', ''), 1, 24),
  email text not null unique check (email = lower(email) and length(email) <= 254),
  name text not null check (length(name) between 1 and 100),
  phone text not null check (length(phone) between 7 and 20),
  father_name text not null check (length(father_name) between 1 and 100),
  qualification text not null default '' check (length(qualification) <= 200),
  highschool_percent numeric(5, 2) not null check (highschool_percent between 0 and 100),
  university_percent numeric(5, 2) check (university_percent between 0 and 100),
  sop text not null default '' check (length(sop) <= 5000),
  experience text not null default '' check (length(experience) <= 2000),
  motivation text not null check (length(motivation) between 1 and 5000),
  -- The browser holds the token for this registration (create order, record payment); we keep its hash.
  access_token_hash text not null unique,
  status text not null default 'unpaid' check (status in ('unpaid', 'paid')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Our ledger of every gateway order we opened, whatever it pays for.
create table payment_orders (
  id text primary key,                     -- the gateway's order id (order_...)
  gateway text not null check (gateway in ('sandbox', 'test', 'live')),
  purpose text not null check (length(purpose) between 1 and 40),   -- 'registration', 'course', ...
  amount_paise bigint not null check (amount_paise > 0),
  currency text not null default 'INR' check (currency = 'INR'),
  receipt text not null check (length(receipt) <= 40),
  -- created -> failed -> paid, never backwards (a failed attempt can be followed by a good one)
  status text not null default 'created' check (status in ('created', 'failed', 'paid')),
  payment_id text unique,                  -- the captured payment that paid it
  paid_at timestamptz,
  completed_by text check (completed_by in ('checkout', 'webhook', 'recheck')),
  last_checked_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'paid') = (payment_id is not null)),
  check ((status = 'paid') = (paid_at is not null))
);
create index payment_orders_unpaid on payment_orders (created_at) where status <> 'paid';

-- A registration-fee payment: one per order, paid at most once.
create table registration_payments (
  id bigint generated always as identity primary key,
  registration_id text not null references registrations (id),
  order_id text not null unique references payment_orders (id),
  fee_option text not null check (fee_option in ('online', 'hybrid', 'discover', 'elevate', 'plor', 'custom')),
  program_name text not null check (length(program_name) between 1 and 100),
  amount_paise bigint not null check (amount_paise > 0),
  status text not null default 'created' check (status in ('created', 'paid')),
  payment_id text unique,                  -- one record per gateway payment id
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'paid') = (payment_id is not null))
);
create index registration_payments_by_registration on registration_payments (registration_id, created_at);

-- Webhook events already processed (x-razorpay-event-id): each is handled once.
create table payment_events (
  event_id text primary key,
  event text not null check (length(event) <= 100),
  order_id text,
  payment_id text,
  received_at timestamptz not null default now()
);

-- The local sandbox gateway's own books (what Razorpay keeps on its side in live/test mode).
create table sandbox_orders (
  id text primary key,
  amount_paise bigint not null check (amount_paise > 0),
  currency text not null default 'INR',
  receipt text not null,
  created_at timestamptz not null default now()
);
create table sandbox_payments (
  id text primary key,
  order_id text not null references sandbox_orders (id),
  amount_paise bigint not null check (amount_paise > 0),
  currency text not null default 'INR',
  status text not null check (status in ('captured', 'failed')),
  created_at timestamptz not null default now()
);
create index sandbox_payments_by_order on sandbox_payments (order_id);
-- Like Razorpay: an order is paid by at most one captured payment.
create unique index sandbox_payments_one_capture on sandbox_payments (order_id) where status = 'captured';
