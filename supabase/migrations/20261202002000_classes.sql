-- Classes of a batch (docs/product.md, Timetable and attendance): the timetable's sessions, each
-- learner's registrant link to a live class, the attendance ledger, the calendar feed's secret,
-- the reminders sent, and the attendance each learner has as the person page reads it.

create table class_sessions (
  id bigint generated always as identity primary key,
  batch_id text not null references batches (id) on delete cascade,
  kind text not null check (kind in ('live', 'classroom', 'deadline')),
  title text not null check (length(title) between 1 and 120),
  starts_at timestamptz not null,
  duration_minutes integer not null check (duration_minutes between 0 and 600),
  faculty_id text references accounts (id) on delete set null,
  venue text check (length(venue) between 1 and 200),
  meeting_id text check (length(meeting_id) <= 64),   -- the meeting host's id (live classes)
  host_url text check (length(host_url) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  cancelled_at timestamptz,
  check (kind <> 'classroom' or venue is not null)
);
create index class_sessions_by_batch on class_sessions (batch_id, starts_at);
create index class_sessions_upcoming on class_sessions (starts_at) where cancelled_at is null;
create unique index class_sessions_meeting on class_sessions (meeting_id) where meeting_id is not null;
alter table class_sessions enable row level security;

-- A learner's own join link to a live class: the participant report names them by registrant_id.
create table class_registrants (
  session_id bigint not null references class_sessions (id) on delete cascade,
  account_id text not null references accounts (id) on delete cascade,
  registrant_id text not null check (length(registrant_id) between 1 and 100),
  join_url text not null check (length(join_url) <= 2000),
  created_at timestamptz not null default now(),
  primary key (session_id, account_id),
  unique (session_id, registrant_id)
);
alter table class_registrants enable row level security;

-- The attendance ledger: minutes online from the meeting's report (one row per session and
-- learner, rewritten when the report is read again), one classroom check-in, and corrections
-- (each with its reason; the latest one decides).
create table attendance_entries (
  id bigint generated always as identity primary key,
  session_id bigint not null references class_sessions (id) on delete cascade,
  account_id text not null references accounts (id) on delete cascade,
  source text not null check (source in ('online', 'checkin', 'correction')),
  minutes integer check (minutes between 0 and 1440),
  present boolean not null,
  reason text check (length(reason) between 1 and 500),
  recorded_by text references accounts (id) on delete set null,
  recorded_at timestamptz not null default now(),
  check (source <> 'correction' or (reason is not null and recorded_by is not null))
);
create unique index attendance_one_checkin on attendance_entries (session_id, account_id) where source = 'checkin';
create unique index attendance_one_online on attendance_entries (session_id, account_id) where source = 'online';
create index attendance_by_account on attendance_entries (account_id);
alter table attendance_entries enable row level security;

-- The entry that counts per session and learner: the latest correction, else a check-in, else
-- minutes online of at least half the class.
create view attendance_current with (security_invoker = true) as
with ledger as (
  select session_id, account_id,
    bool_or(source = 'checkin') as checked_in,
    max(minutes) filter (where source = 'online') as online_minutes
  from attendance_entries group by session_id, account_id
), correction as (
  select distinct on (session_id, account_id) session_id, account_id, present, minutes
  from attendance_entries where source = 'correction'
  order by session_id, account_id, recorded_at desc, id desc
)
select l.session_id, s.batch_id, l.account_id,
  case when c.session_id is not null then 'correction' when l.checked_in then 'checkin' else 'online' end as source,
  case when c.session_id is not null then c.present
       else l.checked_in or (s.duration_minutes > 0 and coalesce(l.online_minutes, 0) * 2 >= s.duration_minutes) end as present,
  case when c.session_id is not null then c.minutes else l.online_minutes end as minutes
from ledger l
join class_sessions s on s.id = l.session_id
left join correction c on c.session_id = l.session_id and c.account_id = l.account_id;

-- Attendance per learner and batch (the learner's /learn, the person page and My leads' flag):
-- sessions attended among the batch's live and in-class sessions that have started.
create view learner_attendance with (security_invoker = true) as
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
  case when coalesce(h.held, 0) = 0 then null else round(100.0 * coalesce(att.attended, 0) / h.held)::int end as percent,
  coalesce(h.held, 0) > 0 and 100.0 * coalesce(att.attended, 0) / h.held < b.attendance_threshold as below_threshold
from batch_seats seat
join batches b on b.id = seat.batch_id
left join held h on h.batch_id = b.id
left join attended att on att.batch_id = b.id and att.account_id = seat.account_id
where seat.status = 'taken';

-- The personal calendar feed: only the hash of its secret token is kept; a reset replaces it.
create table calendar_feeds (
  account_id text primary key references accounts (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
alter table calendar_feeds enable row level security;

-- Class reminders sent: each (session, learner, kind) at most once; the email commits with its row.
create table class_reminders (
  session_id bigint not null references class_sessions (id) on delete cascade,
  account_id text not null references accounts (id) on delete cascade,
  kind text not null check (kind in ('day', 'hour')),
  sent_at timestamptz not null default now(),
  primary key (session_id, account_id, kind)
);
alter table class_reminders enable row level security;
