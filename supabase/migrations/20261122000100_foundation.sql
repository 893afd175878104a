-- Foundation: images, the course catalogue, accounts, rate limits and the email outbox.

create table images (
  id text primary key,                     -- sha256 of the bytes: content-addressed, so cacheable forever
  content_type text not null check (content_type in ('image/webp', 'image/jpeg', 'image/png')),
  bytes bytea not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  created_at timestamptz not null default now()
);

create table courses (
  id text primary key default substr(replace(gen_random_uuid()::text, '-', ''), 1, 24)
    check (id ~ '^[0-9a-f]{24}$'),
  title text not null check (length(title) between 1 and 200),
  description text not null check (length(description) between 1 and 5000),
  price_paise bigint not null check (price_paise > 0),
  duration text not null default '5 months' check (length(duration) <= 100),
  image_id text references images (id),
  archived_at timestamptz,                 -- a bought course is archived, never deleted
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index courses_listed on courses (created_at) where archived_at is null;

create table accounts (
  id text primary key default substr(replace(gen_random_uuid()::text, '-', ''), 1, 24),
  role text not null check (role in ('user', 'admin')),
  email text not null check (email = lower(email) and length(email) <= 254),
  first_name text not null default '' check (length(first_name) <= 100),
  last_name text not null default '' check (length(last_name) <= 100),
  password_hash text not null,
  token_version integer not null default 0, -- bumped on logout and password change: old tokens die
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (role, email)
);

create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  count integer not null
);

create table email_outbox (
  id bigint generated always as identity primary key,
  to_address text not null check (to_address !~ '[\r\n]'),
  subject text not null check (subject !~ '[\r\n]' and length(subject) <= 300),
  text_body text not null,
  html_body text,
  tag text not null default 'general',
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  provider_message_id text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_outbox_due on email_outbox (next_attempt_at) where status = 'pending';
