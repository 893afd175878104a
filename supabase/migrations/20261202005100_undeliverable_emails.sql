-- The outbox's view for other domains (the counsellors' queue): the addresses mail does not reach
-- now and no right address was recorded for, with the bounce's reason, detail and time.
create view undeliverable_emails with (security_invoker = true) as
  select address, reason, detail, bounced_at
  from email_suppressions
  where cleared_at is null and corrected_at is null;
