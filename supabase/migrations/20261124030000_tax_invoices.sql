-- GST tax invoices and credit notes. Every captured payment gets one invoice in the same
-- transaction as the payment; numbers are consecutive per financial year (April-March, IST)
-- with no gaps: a counter row per series and year is incremented inside that transaction, so a
-- rolled-back payment rolls its number back too. Money is integer paise.

-- What the buyer told us at checkout: the state is the place of supply; a GSTIN and business
-- name make it a business (B2B) invoice. Kept on the order: the invoice is issued from it.
alter table course_orders add column buyer_state_code text check (buyer_state_code ~ '^[0-9]{2}$');
alter table course_orders add column buyer_gstin text check (buyer_gstin ~ '^[0-9A-Z]{15}$');
alter table course_orders add column buyer_business_name text check (length(buyer_business_name) between 1 and 120);
alter table registration_payments add column buyer_state_code text check (buyer_state_code ~ '^[0-9]{2}$');
alter table registration_payments add column buyer_gstin text check (buyer_gstin ~ '^[0-9A-Z]{15}$');
alter table registration_payments add column buyer_business_name text check (length(buyer_business_name) between 1 and 120);

-- A learner's billing details, remembered for the next purchase.
create table billing_details (
  account_id text primary key references accounts (id) on delete cascade,
  state_code text not null check (state_code ~ '^[0-9]{2}$'),
  gstin text check (gstin ~ '^[0-9A-Z]{15}$'),
  business_name text check (length(business_name) between 1 and 120),
  updated_at timestamptz not null default now()
);
alter table billing_details enable row level security;

-- The last number issued per series ('invoice', 'credit-note') and financial year ('26-27').
create table document_counters (
  series text not null check (series in ('invoice', 'credit-note')),
  financial_year text not null check (financial_year ~ '^[0-9]{2}-[0-9]{2}$'),
  last_number integer not null check (last_number > 0),
  primary key (series, financial_year)
);
alter table document_counters enable row level security;

create table invoices (
  id bigint generated always as identity primary key,
  number text not null unique check (length(number) between 1 and 16),
  financial_year text not null check (financial_year ~ '^[0-9]{2}-[0-9]{2}$'),
  sequence integer not null check (sequence > 0),
  issued_at timestamptz not null default now(),
  purpose text not null check (length(purpose) between 1 and 40),
  order_id text not null unique references payment_orders (id),   -- one invoice per paid order
  payment_id text not null unique,
  account_id text references accounts (id),
  registration_id text references registrations (id),
  description text not null check (length(description) between 1 and 200),
  -- the recipient
  buyer_name text not null check (length(buyer_name) between 1 and 120),
  buyer_email text not null check (length(buyer_email) <= 254),
  buyer_state_code text not null check (buyer_state_code ~ '^[0-9]{2}$'),   -- = place of supply
  buyer_gstin text check (buyer_gstin ~ '^[0-9A-Z]{15}$'),
  buyer_business_name text check (length(buyer_business_name) between 1 and 120),
  -- the supplier as it was when issued (the settings may change later)
  supplier_legal_name text not null,
  supplier_address text not null,
  supplier_state_code text not null check (supplier_state_code ~ '^[0-9]{2}$'),
  supplier_gstin text not null check (supplier_gstin ~ '^[0-9A-Z]{15}$'),
  sac text not null check (sac ~ '^[0-9]{6}$'),
  gst_rate_percent integer not null check (gst_rate_percent between 0 and 28),
  total_paise bigint not null check (total_paise > 0),
  taxable_paise bigint not null check (taxable_paise >= 0),
  cgst_paise bigint not null check (cgst_paise >= 0),
  sgst_paise bigint not null check (sgst_paise >= 0),
  igst_paise bigint not null check (igst_paise >= 0),
  unique (financial_year, sequence),
  check (taxable_paise + cgst_paise + sgst_paise + igst_paise = total_paise),
  -- CGST + SGST within the supplier's state, IGST across states, never both
  check ((buyer_state_code = supplier_state_code and igst_paise = 0) or (buyer_state_code <> supplier_state_code and cgst_paise = 0 and sgst_paise = 0))
);
create index invoices_by_account on invoices (account_id, issued_at) where account_id is not null;
create index invoices_by_registration on invoices (registration_id) where registration_id is not null;
create index invoices_by_date on invoices (issued_at);
alter table invoices enable row level security;

-- A credit note reduces an invoice (a refund): never more than what is left of it.
create table credit_notes (
  id bigint generated always as identity primary key,
  number text not null unique check (length(number) between 1 and 16),
  financial_year text not null check (financial_year ~ '^[0-9]{2}-[0-9]{2}$'),
  sequence integer not null check (sequence > 0),
  issued_at timestamptz not null default now(),
  invoice_id bigint not null references invoices (id),
  reason text not null check (length(reason) between 1 and 500),
  total_paise bigint not null check (total_paise > 0),
  taxable_paise bigint not null check (taxable_paise >= 0),
  cgst_paise bigint not null check (cgst_paise >= 0),
  sgst_paise bigint not null check (sgst_paise >= 0),
  igst_paise bigint not null check (igst_paise >= 0),
  unique (financial_year, sequence),
  check (taxable_paise + cgst_paise + sgst_paise + igst_paise = total_paise)
);
create index credit_notes_by_invoice on credit_notes (invoice_id);
create index credit_notes_by_date on credit_notes (issued_at);
alter table credit_notes enable row level security;
