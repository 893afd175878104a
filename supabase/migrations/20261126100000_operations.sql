-- Operations (docs/architecture.md, Operations): addresses mail must not go to, each scheduled
-- job's heartbeat, webhook counts, the daily reconciliation with the gateway and owner alerts.

-- An address that bounced for good (Postmark's hard bounce, spam complaint, inactive recipient,
-- invalid address). The outbox sends nothing to it while cleared_at is null, except an OTP or a
-- confirmation the person typed the address for again. A counsellor who gets the right address
-- records it (corrected_*: the problem is handled, the old address stays undeliverable); an owner,
-- or the person proving the inbox, clears it (cleared_*: mail goes to it again).
create table email_suppressions (
  address text primary key check (address = lower(address) and length(address) between 3 and 320),
  reason text not null check (reason in ('hard-bounce', 'spam-complaint', 'inactive', 'invalid-address')),
  detail text not null default '' check (length(detail) <= 500),
  source text not null check (source in ('webhook', 'send')),
  provider_bounce_id text check (length(provider_bounce_id) <= 40),
  can_reactivate boolean not null default true,
  bounced_at timestamptz not null default now(),
  corrected_to text check (length(corrected_to) <= 320),
  corrected_at timestamptz,
  corrected_by text references accounts (id),
  cleared_at timestamptz,
  cleared_by text references accounts (id),
  clear_reason text check (clear_reason in ('owner', 'confirmed')),
  updated_at timestamptz not null default now(),
  check ((corrected_at is null) = (corrected_to is null)),
  check ((cleared_at is null) = (clear_reason is null))
);
alter table email_suppressions enable row level security;
create index email_suppressions_open on email_suppressions (bounced_at) where cleared_at is null;

-- 'suppressed': never sent, the address is undeliverable. `retyped`: the person typed the address
-- for this very email (an OTP, a signup's confirmation), so a bounce on it does not hold it back.
alter table email_outbox drop constraint email_outbox_status_check;
alter table email_outbox add constraint email_outbox_status_check check (status in ('pending', 'sent', 'failed', 'suppressed'));
alter table email_outbox add column retyped boolean not null default false;
create index email_outbox_by_address on email_outbox (lower(to_address));
create index email_outbox_recent on email_outbox (created_at);
-- Postmark's bounce names the email by its message id: that email failed after all.
create index email_outbox_by_message on email_outbox (provider_message_id) where provider_message_id is not null;

-- Each scheduled job's heartbeat: lateness is now minus the last success, against its interval.
create table job_runs (
  job text primary key check (length(job) between 1 and 60),
  last_started_at timestamptz,
  last_success_at timestamptz,
  last_failure_at timestamptz,
  last_error text check (length(last_error) <= 500),
  last_summary jsonb not null default '{}',
  runs bigint not null default 0,
  failures bigint not null default 0,
  created_at timestamptz not null default now()
);
alter table job_runs enable row level security;

-- Webhooks received per source and hour, and each source's latest refusal and refusals in a row.
create table webhook_hours (
  source text not null check (source in ('razorpay', 'postmark')),
  hour timestamptz not null,
  accepted integer not null default 0,
  refused integer not null default 0,
  primary key (source, hour)
);
alter table webhook_hours enable row level security;
create table webhook_status (
  source text primary key check (source in ('razorpay', 'postmark')),
  last_accepted_at timestamptz,
  last_refused_at timestamptz,
  last_refusal text check (length(last_refusal) <= 200),
  refused_in_a_row integer not null default 0
);
alter table webhook_status enable row level security;

-- The daily comparison of the gateway's captured payments and refunds with our records.
create table reconciliations (
  day date primary key,
  status text not null check (status in ('clean', 'mismatch', 'failed')),
  gateway_mode text not null check (length(gateway_mode) <= 20),
  payments_checked integer not null default 0,
  refunds_checked integer not null default 0,
  gateway_captured_paise bigint not null default 0,
  recorded_captured_paise bigint not null default 0,
  gateway_refunded_paise bigint not null default 0,
  recorded_refunded_paise bigint not null default 0,
  mismatches jsonb not null default '[]',
  failure text check (length(failure) <= 500),
  ran_at timestamptz not null default now()
);
alter table reconciliations enable row level security;

-- One row per problem (a late job, a stale outbox, a mismatched day, refused webhooks): emailed to
-- the owners at most once an hour while it lasts; resolved_at once it is gone.
create table operations_alerts (
  id bigint generated always as identity primary key,
  problem text not null check (length(problem) between 1 and 100),
  title text not null check (length(title) between 1 and 300),
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  last_emailed_at timestamptz,
  emails integer not null default 0,
  resolved_at timestamptz
);
alter table operations_alerts enable row level security;
create unique index operations_alerts_open on operations_alerts (problem) where resolved_at is null;
create index operations_alerts_recent on operations_alerts (last_seen_at);
