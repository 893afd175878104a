-- Admin lists page by keyset (docs/architecture.md, API conventions: paging): each page seeks past
-- the last row seen in (sort column, primary key) order, so these indexes hold the same pairs.
-- Indexes only: no table, no grant.

-- The audit log by time (both ways), an id breaking a tie.
create index admin_audit_log_paging on admin_audit_log (at, id);
