-- Live classes' meeting host (docs/zoom.md).

-- Zoom's recording.completed notices, kept for the recordings screen to come: only the meeting's
-- and the files' facts (no host email, no download token).
create table meeting_recordings (
  id bigint generated always as identity primary key,
  meeting_id text not null,
  payload jsonb not null,
  received_at timestamptz not null default now()
);
create index meeting_recordings_meeting on meeting_recordings (meeting_id);
alter table meeting_recordings enable row level security;

-- Zoom's calls are counted with the other webhooks on the operations screen.
alter table webhook_hours drop constraint webhook_hours_source_check;
alter table webhook_hours add constraint webhook_hours_source_check check (source in ('razorpay', 'postmark', 'whatsapp', 'zoom'));
alter table webhook_status drop constraint webhook_status_source_check;
alter table webhook_status add constraint webhook_status_source_check check (source in ('razorpay', 'postmark', 'whatsapp', 'zoom'));

-- The local sandbox's own books (what "Zoom" holds: meetings, registrants, who joined); never used on a deploy.
create table sandbox_zoom_meetings (
  id text primary key,
  topic text not null,
  start_time timestamptz not null,
  duration int not null,
  settings jsonb not null default '{}',
  status text not null default 'waiting' check (status in ('waiting', 'ended', 'deleted')),
  created_at timestamptz not null default now()
);
alter table sandbox_zoom_meetings enable row level security;

create table sandbox_zoom_registrants (
  id text primary key,
  meeting_id text not null references sandbox_zoom_meetings (id) on delete cascade,
  email text not null,
  first_name text not null,
  last_name text not null default '',
  join_token text not null unique,
  created_at timestamptz not null default now(),
  unique (meeting_id, email)
);
alter table sandbox_zoom_registrants enable row level security;

create table sandbox_zoom_participants (
  id bigint generated always as identity primary key,
  meeting_id text not null references sandbox_zoom_meetings (id) on delete cascade,
  registrant_id text,
  name text not null,
  user_email text,
  join_time timestamptz not null,
  leave_time timestamptz not null check (leave_time >= join_time)
);
create index sandbox_zoom_participants_meeting on sandbox_zoom_participants (meeting_id, id);
alter table sandbox_zoom_participants enable row level security;
