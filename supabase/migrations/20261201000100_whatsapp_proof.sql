-- A WhatsApp number is proven before it gets anything personal (docs/whatsapp.md, "Proving a
-- number"). A form's opt-in keeps the pair (email, number) unproven; it is proven when someone who
-- holds both the email (a confirmed account, or the link we emailed) and the number (a code we sent
-- to it, typed back) confirms it. One number is proven for one person at a time.

-- Pairs, not numbers: an unproven pair never overwrites a proven one. The pairs typed so far were
-- never proven: they stay unproven until confirmed.
alter table whatsapp_contacts drop constraint whatsapp_contacts_pkey;
alter table whatsapp_contacts
  add primary key (phone, email),
  add column verified_at timestamptz,
  add column confirm_sent_at timestamptz;
create unique index whatsapp_contacts_one_proven on whatsapp_contacts (phone) where verified_at is not null;

-- One-time codes sent over WhatsApp to prove a number: only a keyed hash, minutes to live, a few tries.
create table whatsapp_codes (
  id bigint generated always as identity primary key,
  email text not null check (email = lower(email) and length(email) <= 254),
  phone text not null check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  language text not null default 'en' check (language in ('en', 'hi')),
  code_hash text not null check (length(code_hash) = 64),
  attempts int not null default 0,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index whatsapp_codes_by_pair on whatsapp_codes (email, phone, created_at desc);
alter table whatsapp_codes enable row level security;

-- Numbers that replied STOP: nothing goes to them, whatever email or form names them, until the
-- number itself writes START. Only the number is kept (no email, no name).
create table whatsapp_blocked_numbers (
  phone text primary key check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  blocked_at timestamptz not null default now(),
  via text not null check (length(via) <= 40)
);
alter table whatsapp_blocked_numbers enable row level security;
