-- A counsellor's corrected address is typed, not proven (docs/architecture.md, Operations): the
-- emails that never arrived are written to it again only when they carry no link and no amount.
-- The others (receipts, invoices, payment reminders, any link) are held back, and the original
-- row says when, so the person's timeline shows what the person has not received.
alter table email_outbox add column resend_held_at timestamptz;
