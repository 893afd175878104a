-- The round robin's turn comes from a sequence instead of a counter row: nextval never waits and
-- never hands the same number twice, so leads arriving together neither queue behind one row lock
-- for the rest of their transaction nor share a turn. A rolled-back lead only skips a turn.

create sequence lead_assignment_turns;
select setval('lead_assignment_turns', greatest(turns, 1), turns > 0) from lead_assignment_turn;

create or replace function assign_lead_owner(p_programme text) returns text
language plpgsql set search_path = public as $$
declare
  pick text;
  turn bigint;
  pool integer;
begin
  if p_programme is not null then
    select r.account_id into pick
    from lead_assignment_rules r
    join accounts a on a.id = r.account_id and a.role = 'admin'
    left join admin_profiles p on p.account_id = a.id
    where r.programme = p_programme and coalesce(p.active, true);
    if pick is not null then
      return pick;
    end if;
  end if;
  select count(*) into pool
  from accounts a left join admin_profiles p on p.account_id = a.id
  where a.role = 'admin' and coalesce(p.active, true) and coalesce(p.takes_leads, a.admin_role = 'counsellor');
  if pool = 0 then
    return null;
  end if;
  turn := nextval('lead_assignment_turns');
  select a.id into pick
  from accounts a left join admin_profiles p on p.account_id = a.id
  where a.role = 'admin' and coalesce(p.active, true) and coalesce(p.takes_leads, a.admin_role = 'counsellor')
  order by a.created_at, a.id
  offset ((turn - 1) % pool) limit 1;
  return pick;
end $$;

revoke all on function assign_lead_owner(text) from public;
drop table lead_assignment_turn;
