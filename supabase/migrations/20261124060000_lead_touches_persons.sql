-- Lead attribution (first and last touch on every lead kind) and the person behind the leads.
-- docs/architecture.md, Lead attribution and Persons.

-- Where a lead came from: the first landing on the visitor's device and the last landing of the
-- visit that brought a campaign or an outside referrer, one row per touch. Keyed by the lead as
-- the pipeline names it (lead_kind, lead_id), so every kind (registrations and course orders
-- too) is attributed the same way, written by recordLeadTouches (netlify/lib/tracking.ts) in the
-- lead's own transaction. touched_at is the browser's clock.
create table lead_touches (
  lead_kind text not null check (lead_kind in ('contact', 'scholarship', 'pitch', 'registration', 'order')),
  lead_id text not null check (length(lead_id) between 1 and 64),
  touch text not null check (touch in ('first', 'last')),
  utm_source text check (length(utm_source) <= 200),
  utm_medium text check (length(utm_medium) <= 200),
  utm_campaign text check (length(utm_campaign) <= 200),
  utm_term text check (length(utm_term) <= 200),
  utm_content text check (length(utm_content) <= 200),
  referrer text check (length(referrer) <= 500),
  touched_at timestamptz,
  recorded_at timestamptz not null default now(),
  primary key (lead_kind, lead_id, touch)
);
alter table lead_touches enable row level security;

-- The last touch the three form tables already kept (their utm_* columns) becomes a touch row.
insert into lead_touches (lead_kind, lead_id, touch, utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer)
  select 'contact', id::text, 'last', utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer
  from contact_requests where coalesce(utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer) is not null
  union all
  select 'scholarship', id::text, 'last', utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer
  from scholarship_applications where coalesce(utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer) is not null
  union all
  select 'pitch', id::text, 'last', utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer
  from startup_pitches where coalesce(utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer) is not null;

-- Every lead in one shape for attribution and persons: kind, id, when, who (name, email, phone),
-- the form, the programme, and both touches. The last touch falls back to a form table's own
-- utm_* columns for a lead stored without touch rows.
create view lead_facts with (security_invoker = true) as
  with leads as (
    select 'contact'::text as lead_kind, r.id::text as lead_id, r.created_at, nullif(r.name, '') as name, r.email,
           r.phone, r.source as form, nullif(r.programme, '') as programme,
           r.utm_source, r.utm_medium, r.utm_campaign, r.utm_term, r.utm_content, r.referrer
    from contact_requests r
    union all
    select 'scholarship', s.id::text, s.created_at, s.name, s.email, s.phone, 'scholarship', null,
           s.utm_source, s.utm_medium, s.utm_campaign, s.utm_term, s.utm_content, s.referrer
    from scholarship_applications s
    union all
    select 'pitch', p.id::text, p.created_at, p.name, p.email, p.phone, 'pitch', 'AspiraTank',
           p.utm_source, p.utm_medium, p.utm_campaign, p.utm_term, p.utm_content, p.referrer
    from startup_pitches p
    union all
    select 'registration', g.id, g.created_at, g.name, g.email, g.phone, 'registration',
           (select rp.program_name from registration_payments rp where rp.registration_id = g.id
            order by (rp.status = 'paid') desc, rp.created_at desc limit 1),
           null, null, null, null, null, null
    from registrations g
    union all
    select 'order', o.id::text, o.created_at, nullif(trim(a.first_name || ' ' || a.last_name), ''), o.email,
           null, 'order', c.title, null, null, null, null, null, null
    from course_orders o join accounts a on a.id = o.account_id join courses c on c.id = o.course_id
  )
  select
    l.lead_kind, l.lead_id, l.created_at, l.name, l.email, l.phone, l.form, l.programme,
    case when lt.lead_id is null then l.utm_source else lt.utm_source end as utm_source,
    case when lt.lead_id is null then l.utm_medium else lt.utm_medium end as utm_medium,
    case when lt.lead_id is null then l.utm_campaign else lt.utm_campaign end as utm_campaign,
    case when lt.lead_id is null then l.utm_term else lt.utm_term end as utm_term,
    case when lt.lead_id is null then l.utm_content else lt.utm_content end as utm_content,
    case when lt.lead_id is null then l.referrer else lt.referrer end as referrer,
    lt.touched_at as last_touch_at,
    ft.utm_source as first_utm_source, ft.utm_medium as first_utm_medium, ft.utm_campaign as first_utm_campaign,
    ft.utm_term as first_utm_term, ft.utm_content as first_utm_content, ft.referrer as first_referrer,
    ft.touched_at as first_touch_at
  from leads l
  left join lead_touches lt on lt.lead_kind = l.lead_kind and lt.lead_id = l.lead_id and lt.touch = 'last'
  left join lead_touches ft on ft.lead_kind = l.lead_kind and ft.lead_id = l.lead_id and ft.touch = 'first';

-- Persons: the human behind the leads. Leads sharing an email (case-insensitive) or a phone
-- (digits; an Indian number by its last 10) belong to one person; an admin can merge two persons
-- (one human, two emails) and undo it. netlify/lib/persons.ts keeps these tables in step with the
-- lead tables (it attaches leads it has not seen yet, before every read).
create table persons (
  id bigint generated always as identity primary key,
  -- Merged into another person: this person's leads and identities count as that one's.
  merged_into bigint references persons (id),
  merged_at timestamptz,
  created_at timestamptz not null default now(),
  check (merged_into is null or merged_into <> id),
  check ((merged_into is null) = (merged_at is null))
);
create index persons_merged_into on persons (merged_into) where merged_into is not null;
alter table persons enable row level security;

-- How a person is recognised: a normalised email or phone key, each owned by one person.
create table person_identities (
  kind text not null check (kind in ('email', 'phone')),
  value text not null check (length(value) between 3 and 254),
  person_id bigint not null references persons (id),
  created_at timestamptz not null default now(),
  primary key (kind, value)
);
create index person_identities_by_person on person_identities (person_id);
alter table person_identities enable row level security;

-- Which person each lead was attached to (the person it belongs to now follows merged_into).
create table person_leads (
  lead_kind text not null check (lead_kind in ('contact', 'scholarship', 'pitch', 'registration', 'order')),
  lead_id text not null check (length(lead_id) between 1 and 64),
  person_id bigint not null references persons (id),
  created_at timestamptz not null default now(),
  primary key (lead_kind, lead_id)
);
create index person_leads_by_person on person_leads (person_id);
alter table person_leads enable row level security;

-- Every merge, by an admin (actor_id) or automatic (null: a new lead shared an email or phone
-- with two persons), and its undoing.
create table person_merges (
  id bigint generated always as identity primary key,
  from_person_id bigint not null references persons (id),
  into_person_id bigint not null references persons (id),
  actor_id text references accounts (id) on delete set null,
  reason text check (length(reason) <= 500),
  merged_at timestamptz not null default now(),
  undone_at timestamptz,
  undone_by text references accounts (id) on delete set null,
  check (from_person_id <> into_person_id)
);
create index person_merges_from on person_merges (from_person_id);
create index person_merges_into on person_merges (into_person_id);
alter table person_merges enable row level security;
