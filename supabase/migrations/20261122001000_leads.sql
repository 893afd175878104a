-- Leads: advisor callbacks and contact messages, scholarship applications and startup pitches.
-- Every lead keeps the campaign it came from (utm_*), the page that referred the visitor, and a
-- keyed hash of the sender's IP (to spot abuse without storing the address).
-- Phones are stored normalised (+<country><number>), emails lower-cased.

create table contact_requests (
  id bigint generated always as identity primary key,
  source text not null check (source in ('advisor', 'contact', 'popup')),
  name text not null default '' check (length(name) <= 100),
  phone text not null check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  email text not null check (email = lower(email) and length(email) between 3 and 254),
  programme text check (length(programme) <= 60),
  comments text not null default '' check (length(comments) <= 2000),
  utm_source text check (length(utm_source) <= 200),
  utm_medium text check (length(utm_medium) <= 200),
  utm_campaign text check (length(utm_campaign) <= 200),
  utm_term text check (length(utm_term) <= 200),
  utm_content text check (length(utm_content) <= 200),
  referrer text check (length(referrer) <= 500),
  ip_hash text,
  created_at timestamptz not null default now()
);
create index contact_requests_newest on contact_requests (created_at desc);

create table scholarship_applications (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 100),
  email text not null check (email = lower(email) and length(email) between 3 and 254),
  phone text not null check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  institute text not null check (length(institute) between 1 and 200),
  message text not null check (length(message) between 1 and 3000),
  utm_source text check (length(utm_source) <= 200),
  utm_medium text check (length(utm_medium) <= 200),
  utm_campaign text check (length(utm_campaign) <= 200),
  utm_term text check (length(utm_term) <= 200),
  utm_content text check (length(utm_content) <= 200),
  referrer text check (length(referrer) <= 500),
  ip_hash text,
  created_at timestamptz not null default now()
);
create index scholarship_applications_newest on scholarship_applications (created_at desc);

create table startup_pitches (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 100),
  phone text not null check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  email text not null check (email = lower(email) and length(email) between 3 and 254),
  location text not null check (length(location) between 1 and 120),
  linkedin text check (length(linkedin) <= 500),
  startup_name text not null check (length(startup_name) between 1 and 120),
  website text check (length(website) <= 500),
  stage text not null check (stage in ('Idea stage', 'MVP / Prototype ready', 'Launched with early users', 'Generating revenue', 'Scaling stage')),
  comments text not null check (length(comments) <= 2000),
  industries text[] not null default '{}'
    check (industries <@ array['EdTech', 'SaaS', 'AI / ML', 'HealthTech', 'FinTech']::text[]),
  other_industry text check (length(other_industry) <= 100),
  startup_idea text not null check (length(startup_idea) <= 3000),
  problem text not null check (length(problem) <= 2000),
  audience text not null check (length(audience) <= 2000),
  uvp text not null check (length(uvp) <= 2000),
  funding text check (length(funding) <= 500),
  usage text not null check (length(usage) <= 2000),
  equity text check (length(equity) <= 200),
  team text not null check (length(team) <= 2000),
  vision text not null check (length(vision) <= 2000),
  pitch_deck_link text not null check (length(pitch_deck_link) <= 500),
  demo_link text check (length(demo_link) <= 500),
  heard_from text check (length(heard_from) <= 200),
  additional_comments text check (length(additional_comments) <= 2000),
  utm_source text check (length(utm_source) <= 200),
  utm_medium text check (length(utm_medium) <= 200),
  utm_campaign text check (length(utm_campaign) <= 200),
  utm_term text check (length(utm_term) <= 200),
  utm_content text check (length(utm_content) <= 200),
  referrer text check (length(referrer) <= 500),
  ip_hash text,
  created_at timestamptz not null default now()
);
create index startup_pitches_newest on startup_pitches (created_at desc);
