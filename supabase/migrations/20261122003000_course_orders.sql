-- Course purchases: one row per gateway order a learner opens for a course. The payment itself
-- is in the payments ledger (payment_orders); this row says who bought which course with it.
-- An order is created at the database price; it becomes 'paid' exactly once, when a verified
-- payment (checkout handler or webhook, whichever comes first) is recorded against it.

create table course_orders (
  id bigint generated always as identity primary key,
  account_id text not null references accounts (id),
  course_id text not null references courses (id),
  email text not null check (length(email) <= 254),          -- the learner's email when the order was made
  gateway_order_id text not null unique references payment_orders (id), -- the payments ledger's order
  amount_paise bigint not null check (amount_paise > 0),
  currency text not null default 'INR' check (currency = 'INR'),
  -- created: waiting for payment; paid: the purchase; duplicate: paid although the course was
  -- already bought through another order (kept for a refund, never shown as a second purchase)
  status text not null default 'created' check (status in ('created', 'paid', 'duplicate')),
  payment_id text unique,                                      -- one record per gateway payment id
  signature text,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'created') = (payment_id is null)),
  check ((status = 'created') = (paid_at is null))
);

-- The business rule "a learner buys a course once" is a constraint, not an if-statement.
create unique index course_orders_one_paid_purchase on course_orders (account_id, course_id) where status = 'paid';
create index course_orders_by_account on course_orders (account_id, created_at);
