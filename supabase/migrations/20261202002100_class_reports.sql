-- When a live class's participant report was last read into the attendance ledger: the scheduled
-- run reads the report of an ended class whose meeting.ended webhook never got through.
alter table class_sessions add column report_read_at timestamptz;
create index class_sessions_report_unread on class_sessions (starts_at)
  where kind = 'live' and meeting_id is not null and cancelled_at is null and report_read_at is null;
