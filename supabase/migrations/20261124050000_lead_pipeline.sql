-- The admissions pipeline: every lead in the inbox has a stage, an owner, notes, a next follow-up
-- and a stage history; admins have a team profile (takes leads, active); admin actions are audited.
--
-- A lead is named by (lead_kind, lead_id), the inbox's kind and id, except registrations: the
-- pipeline follows the registration (lead_id = registrations.id), whatever payment rows the inbox
-- shows for it ("<registration id>:<payment id>" there). Kinds: contact, scholarship, pitch,
-- registration, order (course_orders.id).
--
-- One way in: an insert into any of the five source tables opens the lead's pipeline row in the
-- same transaction (trigger open_lead_pipeline), assigning an owner (assign_lead_owner): the
-- admin a rule names for the lead's programme, else the next counsellor in turn. Existing leads
-- are backfilled below, unassigned.

-- Team profile of an admin (row absent = defaults): takes_leads null means "counsellors take
-- leads, owners do not"; an inactive admin (left, on leave) gets no new leads.
create table admin_profiles (
  account_id text primary key references accounts (id) on delete cascade,
  takes_leads boolean,
  active boolean not null default true,
  updated_at timestamptz not null default now()
);
alter table admin_profiles enable row level security;

-- Leads for a programme go to one admin (contact_requests.programme, the advisor form's choice).
create table lead_assignment_rules (
  programme text primary key check (length(programme) between 1 and 120),
  account_id text not null references accounts (id) on delete cascade,
  created_at timestamptz not null default now()
);
alter table lead_assignment_rules enable row level security;

-- The round robin's turn counter: one row, incremented under its row lock, so two leads arriving
-- at once take two different turns (never both skipped, never both on the same admin).
create table lead_assignment_turn (
  id boolean primary key default true check (id),
  turns bigint not null default 0
);
alter table lead_assignment_turn enable row level security;
insert into lead_assignment_turn default values;

create table lead_pipeline (
  lead_kind text not null check (lead_kind in ('contact', 'scholarship', 'pitch', 'registration', 'order')),
  lead_id text not null check (length(lead_id) between 1 and 64),
  stage text not null default 'new'
    check (stage in ('new', 'contacted', 'qualified', 'applied', 'enrolled', 'lost')),
  lost_reason text check (length(lost_reason) between 1 and 500),
  owner_id text references accounts (id) on delete set null,
  next_follow_up_at timestamptz,
  first_contacted_at timestamptz,               -- the first move out of 'new' (time to first contact)
  created_at timestamptz not null default now(), -- when the lead arrived (the source row's created_at)
  updated_at timestamptz not null default now(),
  primary key (lead_kind, lead_id),
  check ((stage = 'lost') = (lost_reason is not null))
);
create index lead_pipeline_by_owner on lead_pipeline (owner_id, next_follow_up_at);
create index lead_pipeline_by_stage on lead_pipeline (stage, created_at);
alter table lead_pipeline enable row level security;

-- Stage history: who moved the lead, when, from which stage to which, with an optional note.
create table lead_stage_changes (
  id bigint generated always as identity primary key,
  lead_kind text not null,
  lead_id text not null,
  from_stage text not null,
  to_stage text not null,
  note text check (length(note) <= 2000),
  actor_id text references accounts (id) on delete set null,
  at timestamptz not null default now(),
  foreign key (lead_kind, lead_id) references lead_pipeline (lead_kind, lead_id) on delete cascade
);
create index lead_stage_changes_by_lead on lead_stage_changes (lead_kind, lead_id, at);
alter table lead_stage_changes enable row level security;

create table lead_notes (
  id bigint generated always as identity primary key,
  lead_kind text not null,
  lead_id text not null,
  author_id text references accounts (id) on delete set null,
  body text not null check (length(body) between 1 and 2000),
  created_at timestamptz not null default now(),
  foreign key (lead_kind, lead_id) references lead_pipeline (lead_kind, lead_id) on delete cascade
);
create index lead_notes_by_lead on lead_notes (lead_kind, lead_id, created_at);
alter table lead_notes enable row level security;

-- Every admin action on a lead or a payment (netlify/lib/audit.ts, recordAdminAction). actor_email
-- is kept so the log still names an admin whose account was removed.
create table admin_audit_log (
  id bigint generated always as identity primary key,
  actor_id text references accounts (id) on delete set null,
  actor_email text not null check (length(actor_email) <= 254),
  action text not null check (action ~ '^[a-z][a-z0-9_.-]{1,59}$'),   -- 'lead.stage', 'payment.refund' ...
  subject_kind text not null check (length(subject_kind) between 1 and 40),
  subject_id text not null check (length(subject_id) between 1 and 128),
  details jsonb not null default '{}'::jsonb,
  at timestamptz not null default now()
);
create index admin_audit_log_newest on admin_audit_log (at desc);
create index admin_audit_log_by_actor on admin_audit_log (actor_id, at desc);
create index admin_audit_log_by_action on admin_audit_log (action, at desc);
alter table admin_audit_log enable row level security;

-- The counsellor digest: one email per admin per day (IST), whatever retries the schedule makes.
create table counsellor_digests_sent (
  account_id text not null references accounts (id) on delete cascade,
  day date not null,
  follow_ups integer not null,
  sent_at timestamptz not null default now(),
  primary key (account_id, day)
);
alter table counsellor_digests_sent enable row level security;

-- The owner for a new lead: the active admin a rule names for its programme, else the next
-- admin in the round robin of active admins who take leads (null when there is none).
create function assign_lead_owner(p_programme text) returns text
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
  -- Take the turn first: its row lock orders concurrent leads, then the pool is read.
  update lead_assignment_turn set turns = turns + 1 where id returning turns into turn;
  select count(*) into pool
  from accounts a left join admin_profiles p on p.account_id = a.id
  where a.role = 'admin' and coalesce(p.active, true) and coalesce(p.takes_leads, a.admin_role = 'counsellor');
  if pool = 0 then
    return null;
  end if;
  select a.id into pick
  from accounts a left join admin_profiles p on p.account_id = a.id
  where a.role = 'admin' and coalesce(p.active, true) and coalesce(p.takes_leads, a.admin_role = 'counsellor')
  order by a.created_at, a.id
  offset ((turn - 1) % pool) limit 1;
  return pick;
end $$;

-- After insert on a source table (its kind is the trigger's argument).
create function open_lead_pipeline() returns trigger
language plpgsql set search_path = public as $$
declare
  lead jsonb := to_jsonb(new);
  owner text := assign_lead_owner(nullif(lead ->> 'programme', ''));
begin
  insert into lead_pipeline (lead_kind, lead_id, owner_id, created_at)
  values (tg_argv[0], lead ->> 'id', owner, coalesce((lead ->> 'created_at')::timestamptz, now()))
  on conflict do nothing;
  return null;
end $$;

create trigger contact_requests_open_pipeline after insert on contact_requests
  for each row execute function open_lead_pipeline('contact');
create trigger scholarship_applications_open_pipeline after insert on scholarship_applications
  for each row execute function open_lead_pipeline('scholarship');
create trigger startup_pitches_open_pipeline after insert on startup_pitches
  for each row execute function open_lead_pipeline('pitch');
create trigger registrations_open_pipeline after insert on registrations
  for each row execute function open_lead_pipeline('registration');
create trigger course_orders_open_pipeline after insert on course_orders
  for each row execute function open_lead_pipeline('order');

revoke all on function assign_lead_owner(text) from public;
revoke all on function open_lead_pipeline() from public;

-- Leads that arrived before the pipeline: stage New, no owner (an owner assigns them).
insert into lead_pipeline (lead_kind, lead_id, created_at)
  select 'contact', id::text, created_at from contact_requests
  union all select 'scholarship', id::text, created_at from scholarship_applications
  union all select 'pitch', id::text, created_at from startup_pitches
  union all select 'registration', id, created_at from registrations
  union all select 'order', id::text, created_at from course_orders
on conflict do nothing;
