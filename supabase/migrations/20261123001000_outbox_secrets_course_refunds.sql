-- Emails that carry a secret (a one-time code, a reset or verification link) are flagged, and
-- their bodies are replaced by a marker once delivered, so the outbox stops holding live secrets.
alter table email_outbox add column secret boolean not null default false;
alter table email_outbox add column redacted_at timestamptz;

-- A second paid order for a course the learner already owns ('duplicate') is refunded through
-- the gateway automatically; the refund is recorded here (one refund per duplicate payment).
alter table course_orders add column refund_id text unique;
alter table course_orders add column refunded_at timestamptz;
alter table course_orders add constraint course_orders_refund_only_duplicates
  check (refund_id is null or status = 'duplicate');
create index course_orders_to_refund on course_orders (paid_at) where status = 'duplicate' and refund_id is null;

-- The local sandbox gateway refunds too (Razorpay's Refunds API in production).
alter table sandbox_payments add column refund_id text unique;
alter table sandbox_payments add column refunded_at timestamptz;
