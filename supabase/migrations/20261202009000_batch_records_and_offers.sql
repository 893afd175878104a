-- Batches over time (docs/product.md, Batches; docs/dpdp.md, retention).

-- When the retention schedule erased a batch's attendance ledger (30 months after the batch
-- ended): its learners' attendance is no longer shown or counted against the threshold.
alter table batches add column attendance_erased_at timestamptz;

create or replace view learner_attendance with (security_invoker = true) as
with held as (
  select batch_id, count(*)::int as held from class_sessions
  where kind in ('live', 'classroom') and cancelled_at is null and starts_at <= now()
  group by batch_id
), attended as (
  select a.batch_id, a.account_id, count(*)::int as attended
  from attendance_current a join class_sessions s on s.id = a.session_id
  where a.present and s.kind in ('live', 'classroom') and s.cancelled_at is null and s.starts_at <= now()
  group by a.batch_id, a.account_id
)
select seat.account_id, b.id as batch_id, b.name as batch_name,
  coalesce(att.attended, 0) as attended, coalesce(h.held, 0) as held, b.attendance_threshold as threshold,
  case when coalesce(h.held, 0) = 0 then null else floor(100.0 * coalesce(att.attended, 0) / h.held)::int end as percent,
  coalesce(h.held, 0) > 0 and 100.0 * coalesce(att.attended, 0) / h.held < b.attendance_threshold as below_threshold
from batch_seats seat
join batches b on b.id = seat.batch_id
left join held h on h.batch_id = b.id
left join attended att on att.batch_id = b.id and att.account_id = seat.account_id
where seat.status = 'taken' and b.attendance_erased_at is null;

-- A freed seat offered to the first learner on the waiting list: theirs to take until
-- offered_until (others are told the batch is full meanwhile); an offer that lapses takes the
-- learner off the list, so the seat goes to the next one. Set once per waiting row: told once.
alter table batch_seats add column offered_until timestamptz;
alter table batch_seats add constraint batch_seats_offer_waiting check (offered_until is null or status in ('waiting', 'released'));
create index batch_seats_offers on batch_seats (batch_id) where status = 'waiting' and offered_until is not null;
