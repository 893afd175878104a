-- A learner's attendance percent is rounded down: 66.7% under a threshold of 67 reads 66, never 67
-- beside "under the threshold". Same columns as before (create or replace keeps them in order).
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
where seat.status = 'taken';
