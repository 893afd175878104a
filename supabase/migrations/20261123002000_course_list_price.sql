-- A course's list price: optional, and only ever above the selling price.
--
-- The catalogue shows a struck-through list price and "N% off" only when an admin has set a real
-- list price (India's guidelines on dark patterns name false discounts). Null means none: the
-- course is shown at its price alone. The percentage is computed from the two, never stored.
alter table courses add column list_price_paise bigint;
alter table courses add constraint courses_list_price_above_price
  check (list_price_paise is null or list_price_paise > price_paise);
