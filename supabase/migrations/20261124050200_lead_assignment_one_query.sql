-- Assignment in fewer statements, as it runs inside every lead's insert: the rule (only when the
-- lead names a programme), else one query for the admin at this turn of the pool.

create or replace function assign_lead_owner(p_programme text) returns text
language plpgsql set search_path = public as $$
declare
  pick text;
  turn bigint;
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
  turn := nextval('lead_assignment_turns');
  with pool as (
    select a.id, row_number() over (order by a.created_at, a.id) - 1 as place, count(*) over () as size
    from accounts a left join admin_profiles p on p.account_id = a.id
    where a.role = 'admin' and coalesce(p.active, true) and coalesce(p.takes_leads, a.admin_role = 'counsellor')
  )
  select id into pick from pool where place = (turn - 1) % size;
  return pick;
end $$;

revoke all on function assign_lead_owner(text) from public;
