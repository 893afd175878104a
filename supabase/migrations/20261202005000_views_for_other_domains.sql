-- Views through which a domain reads what another domain's tables hold, so each table keeps one
-- owner (docs/architecture.md, Domains; the owners are listed in tests/unit/table-owners.ts).

-- Fee plans' own view for the codes' preview: the parts of every active plan, at list price.
create view active_plan_parts with (security_invoker = true) as
  select p.plan_id, p.amount_paise
  from instalment_plan_parts p join instalment_plans l on l.id = p.plan_id
  where l.active;

-- The leads' view of the payments that convert a lead: a paid registration fee or course order.
create view lead_payments with (security_invoker = true) as
  select 'registration'::text as lead_kind, rp.registration_id as lead_id, rp.paid_at
  from registration_payments rp where rp.status = 'paid'
  union all
  select 'order', o.id::text, o.paid_at
  from course_orders o where o.status = 'paid';

-- The leads' own view for other domains (documents' access and retention): each lead's stage, its
-- owner, and when its stage last changed.
create view lead_stages with (security_invoker = true) as
  select lp.lead_kind, lp.lead_id, lp.stage, lp.owner_id,
    coalesce((select max(c.at) from lead_stage_changes c where c.lead_kind = lp.lead_kind and c.lead_id = lp.lead_id),
             lp.updated_at) as stage_changed_at
  from lead_pipeline lp;
