-- Batches (docs/product.md, Batches): a cohort of a course or of a programme, with its dates,
-- phases (online, in class), capacity and status, its faculty and its seats.
create table batches (
  id text primary key default substr(replace(gen_random_uuid()::text, '-', ''), 1, 24)
    check (id ~ '^[0-9a-f]{24}$'),
  course_id text references courses (id),
  programme text check (programme ~ '^[a-z0-9-]{1,60}$'),   -- a programme slug from src/content/programmes
  check ((course_id is null) <> (programme is null)),
  name text not null check (length(name) between 1 and 120),
  starts_on date not null,
  ends_on date not null check (ends_on >= starts_on),
  capacity integer not null check (capacity between 1 and 1000),
  status text not null default 'open' check (status in ('open', 'running', 'finished')),
  attendance_threshold integer not null default 75 check (attendance_threshold between 0 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index batches_by_course on batches (course_id, starts_on) where course_id is not null;
create index batches_by_programme on batches (programme, starts_on) where programme is not null;
alter table batches enable row level security;

-- A batch's phases in order: online, then in class at a venue, or any mix.
create table batch_phases (
  id bigint generated always as identity primary key,
  batch_id text not null references batches (id) on delete cascade,
  kind text not null check (kind in ('online', 'classroom')),
  starts_on date not null,
  ends_on date not null check (ends_on >= starts_on),
  venue text check (length(venue) between 1 and 200),
  check (kind <> 'classroom' or venue is not null)
);
create index batch_phases_by_batch on batch_phases (batch_id, starts_on);
alter table batch_phases enable row level security;

-- The faculty who teach a batch (admins with the role 'faculty'); they see only these batches.
create table batch_faculty (
  batch_id text not null references batches (id) on delete cascade,
  account_id text not null references accounts (id),
  primary key (batch_id, account_id)
);
create index batch_faculty_by_account on batch_faculty (account_id);
alter table batch_faculty enable row level security;

-- A learner's place in a batch. held: kept for a course order until held_until (or until the
-- order is paid); taken: the learner's seat; released: given back (refund, hold expired, owner);
-- waiting: on the waiting list, in the order of created_at.
create table batch_seats (
  id bigint generated always as identity primary key,
  batch_id text not null references batches (id) on delete cascade,
  account_id text not null references accounts (id),
  source text not null check (source in ('course_order', 'registration', 'instalment_plan', 'manual')),
  source_id text check (length(source_id) <= 60),   -- the course order, registration or fee plan
  status text not null check (status in ('held', 'taken', 'released', 'waiting')),
  held_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  released_reason text check (length(released_reason) <= 60),
  check ((status = 'held') = (held_until is not null))
);
-- One live seat (held or taken) and one waiting-list entry per learner and batch.
create unique index batch_seats_one_live on batch_seats (batch_id, account_id) where status in ('held', 'taken');
create unique index batch_seats_one_waiting on batch_seats (batch_id, account_id) where status = 'waiting';
create index batch_seats_by_account on batch_seats (account_id);
create index batch_seats_by_source on batch_seats (source, source_id) where source_id is not null;
alter table batch_seats enable row level security;

-- The batch a course order was made for (chosen at checkout).
alter table course_orders add column batch_id text references batches (id);

-- A seat held for a course order follows the order, whoever records its payment (checkout,
-- webhook, re-check) or its refund: paid -> taken (even if the hold ran out: the learner paid),
-- paid twice (duplicate) or refunded in full -> released.
create function course_order_seat() returns trigger
language plpgsql set search_path = public as $$
begin
  if new.batch_id is null or new.status = old.status then
    return null;
  end if;
  if new.status = 'paid' then
    update batch_seats set status = 'taken', held_until = null, source = 'course_order', source_id = new.id::text, updated_at = now()
      where batch_id = new.batch_id and account_id = new.account_id and status = 'held';
    if not found then
      -- No hold left (or already seated another way): a seat unless the learner has one.
      insert into batch_seats (batch_id, account_id, source, source_id, status)
        values (new.batch_id, new.account_id, 'course_order', new.id::text, 'taken')
        on conflict (batch_id, account_id) where status in ('held', 'taken') do nothing;
    end if;
    -- A learner who was waiting for this batch is waiting no longer.
    update batch_seats set status = 'released', released_reason = 'seated', updated_at = now()
      where batch_id = new.batch_id and account_id = new.account_id and status = 'waiting';
  elsif new.status = 'duplicate' then
    -- Paid although the course was already bought: refunded in full, so its hold goes.
    update batch_seats set status = 'released', held_until = null, released_reason = 'duplicate', updated_at = now()
      where source = 'course_order' and source_id = new.id::text and status = 'held';
  elsif new.status = 'refunded' then
    update batch_seats set status = 'released', held_until = null, released_reason = 'refunded', updated_at = now()
      where source = 'course_order' and source_id = new.id::text and status in ('held', 'taken');
  end if;
  return null;
end $$;
create trigger course_orders_seat after update of status on course_orders
  for each row execute function course_order_seat();
revoke all on function course_order_seat() from public;
