-- Field data (docs/architecture.md, Operations): Core Web Vitals and browser errors from real
-- visits, kept as counts only. No IP, no cookie, no account, no query string: a page path, a
-- coarse device class and an India day. A visit is not a row: it adds 1 to a bucket's count.

-- How many visits of a day, page and device class measured a metric in each bucket (its lower
-- bound: milliseconds, or layout shift x 1000); the 75th percentile is read from the counts.
create table field_vitals (
  day date not null,
  path text not null check (length(path) between 1 and 100),
  device text not null check (device in ('phone', 'tablet', 'desktop')),
  metric text not null check (metric in ('FCP', 'LCP', 'INP', 'CLS')),
  bucket integer not null check (bucket >= 0),
  count integer not null default 0,
  primary key (day, path, device, metric, bucket)
);
alter table field_vitals enable row level security;

-- Browser errors by day, page and message (scrubbed of addresses, numbers and tokens).
create table field_errors (
  day date not null,
  path text not null check (length(path) between 1 and 100),
  message text not null check (length(message) between 1 and 200),
  count integer not null default 0,
  last_seen_at timestamptz not null default now(),
  primary key (day, path, message)
);
alter table field_errors enable row level security;
