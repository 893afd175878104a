-- A marketing email (an offer the person did not ask for) is marked: it is never written for a
-- child or after every consent is withdrawn, and it carries List-Unsubscribe (RFC 8058).
alter table email_outbox add column marketing boolean not null default false;
