-- Admin lists page by keyset (docs/architecture.md, API conventions: paging): each page seeks past
-- the last row seen in (sort column, primary key) order, so these indexes hold the same pairs.
-- Indexes only: no table, no grant.

-- The audit log by time (both ways), an id breaking a tie.
create index admin_audit_log_paging on admin_audit_log (at, id);

-- The codes by creation (their uses are counted per page of codes, over the grouped rows).
create index discount_codes_paging on discount_codes (created_at, id);

-- The dues: unpaid parts by due date or amount.
create index enrolment_parts_due_paging on enrolment_parts (due_on, id) where status = 'due';
create index enrolment_parts_amount_paging on enrolment_parts (amount_paise, id) where status = 'due';

-- The team is short (all of it on one page), sorted in memory by name or role: no index.

-- The owners' queue of privacy requests by when confirmed (by deadline it puts open ones first,
-- an expression over a short list).
create index rights_requests_received_paging on rights_requests (confirmed_at, id) where status <> 'unconfirmed';
