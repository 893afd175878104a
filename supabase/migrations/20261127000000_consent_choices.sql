-- A consent can be withdrawn (DPDP Act s.6(4)) and remembers the language of the notice the
-- person read. Rows are never deleted on withdrawal: when and how it was withdrawn is the record.
alter table consents
  add column withdrawn_at timestamptz,
  add column withdrawn_via text check (withdrawn_via ~ '^[a-z][a-z0-9-]{1,39}$'),
  add column language text not null default 'en' check (language in ('en', 'hi')),
  add constraint consents_withdrawal_complete check ((withdrawn_at is null) = (withdrawn_via is null));
create index consents_active on consents (email, purpose) where withdrawn_at is null;

-- A message queued before its consent was withdrawn is never sent: it stays, marked cancelled.
alter table email_outbox drop constraint email_outbox_status_check;
alter table email_outbox add constraint email_outbox_status_check check (status in ('pending', 'sent', 'failed', 'suppressed', 'cancelled'));
