-- The owners' list of payments pages by keyset (docs/architecture.md, API conventions: paging):
-- captured payments by when paid or by amount, the order's id breaking a tie. Indexes only: no
-- table, no grant.
create index payment_orders_paid_paging on payment_orders (paid_at, id) where status = 'paid';
create index payment_orders_amount_paging on payment_orders (amount_paise, id) where status = 'paid';
