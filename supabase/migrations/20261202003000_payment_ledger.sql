-- The payment ledger (payment_orders) owns what every payable purpose shares: how a capture ended
-- (granted, or kept for the automatic refund and why), the automatic refund's claim and outcome,
-- and a snapshot of who paid for what (the refund emails, the money view and the reconciliation
-- read it, never the purposes' own tables). The purposes keep their own status (and why a row was
-- not granted, for their own answers); the refund columns move here.

alter table payment_orders
  add column capture_outcome text check (capture_outcome in ('granted', 'duplicate')),
  add column refund_reason text check (refund_reason in ('code-not-held')),
  add column refused_code text,
  -- 'claim:<order id>' while a sweep asks the gateway, then the gateway's refund id
  add column duplicate_refund_id text unique,
  add column duplicate_claimed_at timestamptz,
  add column duplicate_refunded_at timestamptz,
  add column buyer_email text,
  add column buyer_name text,
  add column greeting_name text,
  add column item text,
  add constraint payment_orders_refund_of_duplicate check (duplicate_refund_id is null or capture_outcome = 'duplicate');

create index payment_orders_to_refund on payment_orders (paid_at)
  where capture_outcome = 'duplicate' and amount_paise > 0 and (duplicate_refund_id is null or duplicate_refund_id like 'claim:%');

-- What is already captured, from each purpose's table (a claim in flight is taken again by the next sweep).
update payment_orders o set
  capture_outcome = case when c.status = 'duplicate' then 'duplicate' else 'granted' end,
  refund_reason = c.refund_reason,
  refused_code = case when c.refund_reason is not null then c.discount_code end,
  duplicate_refund_id = case when c.refund_id like 'claim:%' then null else c.refund_id end,
  duplicate_refunded_at = c.refunded_at,
  buyer_email = c.email,
  buyer_name = coalesce(nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), ''), c.email),
  greeting_name = coalesce(a.first_name, ''),
  item = cs.title
from course_orders c join courses cs on cs.id = c.course_id left join accounts a on a.id = c.account_id
where c.gateway_order_id = o.id and o.status = 'paid' and c.status <> 'created';

update payment_orders o set
  capture_outcome = case when p.status = 'duplicate' then 'duplicate' else 'granted' end,
  refund_reason = p.refund_reason,
  refused_code = case when p.refund_reason is not null then p.discount_code end,
  duplicate_refund_id = case when p.refund_id like 'claim:%' then null else p.refund_id end,
  duplicate_refunded_at = p.refunded_at,
  buyer_email = r.email,
  buyer_name = r.name,
  greeting_name = r.name,
  item = p.program_name
from registration_payments p join registrations r on r.id = p.registration_id
where p.order_id = o.id and o.status = 'paid' and p.status <> 'created';

update payment_orders o set
  capture_outcome = case when ip.status = 'duplicate' then 'duplicate' else 'granted' end,
  refund_reason = ip.refund_reason,
  refused_code = case when ip.refund_reason is not null then e.discount_code end,
  duplicate_refund_id = case when ip.refund_id like 'claim:%' or ip.refund_id = 'none' then null else ip.refund_id end,
  duplicate_refunded_at = ip.refunded_at,
  buyer_email = e.email,
  buyer_name = coalesce(nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), ''), e.email),
  greeting_name = coalesce(a.first_name, ''),
  item = pl.name || ': ' || p.label
from instalment_payments ip join enrolment_parts p on p.id = ip.part_id join plan_enrolments e on e.id = p.enrolment_id
  join instalment_plans pl on pl.id = e.plan_id left join accounts a on a.id = e.account_id
where ip.order_id = o.id and o.status = 'paid' and ip.status <> 'created';

alter table course_orders drop column refund_id, drop column refunded_at;
alter table registration_payments drop column refund_id, drop column refunded_at, drop column refund_claimed_at;
alter table instalment_payments drop column refund_id, drop column refunded_at;
