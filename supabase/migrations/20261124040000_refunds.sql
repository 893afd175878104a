-- Refunds an owner admin asks for (in full or in part, with a reason), made through the gateway.
-- A refund is pending until the gateway says processed or failed (webhook or scheduled re-check).
-- The sum of a payment's refunds that have not failed never exceeds what it captured: checked in
-- the transaction that inserts the refund, with the payment's ledger row locked.

create table refunds (
  id text primary key default 'rf_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20),
  order_id text not null references payment_orders (id),          -- our ledger's order (paid)
  payment_id text not null check (length(payment_id) <= 64),       -- the gateway's captured payment
  amount_paise bigint not null check (amount_paise > 0),
  reason text not null check (length(reason) between 1 and 500),
  outside_policy boolean not null default false,                   -- the admin confirmed a refund after 7 days
  requested_by text not null references accounts (id),
  -- The refund form's key: a double click or a retried request makes one refund.
  idempotency_key text not null unique check (length(idempotency_key) between 8 and 100),
  status text not null default 'pending' check (status in ('pending', 'processed', 'failed')),
  gateway_refund_id text unique,
  failure_reason text check (length(failure_reason) <= 500),
  credit_note_id text,
  last_checked_at timestamptz,
  processed_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'processed') = (processed_at is not null)),
  check ((status = 'failed') = (failed_at is not null))
);
create index refunds_by_order on refunds (order_id, created_at);
create index refunds_pending on refunds (created_at) where status = 'pending';
alter table refunds enable row level security;

-- A course purchase refunded in full is no longer owned: it leaves the purchases and the learner
-- may buy the course again (the one-purchase index covers 'paid' rows only).
alter table course_orders drop constraint course_orders_status_check;
alter table course_orders add constraint course_orders_status_check
  check (status in ('created', 'paid', 'duplicate', 'refunded'));

-- The local sandbox gateway keeps its refunds like Razorpay: several partial refunds per payment,
-- pending until settled.
create table sandbox_refunds (
  id text primary key,
  payment_id text not null references sandbox_payments (id),
  amount_paise bigint not null check (amount_paise > 0),
  receipt text,
  notes jsonb not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'processed', 'failed')),
  created_at timestamptz not null default now()
);
create index sandbox_refunds_by_payment on sandbox_refunds (payment_id);
alter table sandbox_refunds enable row level security;
