-- WhatsApp beside email (docs/whatsapp.md): the one outbox carries both channels, a person's
-- opted-in number is kept with the language they chose, and every message both ways is kept
-- with its delivery status for the person's timeline and the owner's cost view.

-- The outbox: a WhatsApp row names the number (to_address), the person's email (for their
-- choices, export and erasure), a template with its language and variables, or free text; its
-- subject and bodies are the email sent instead if the message cannot go (once: fallback_outbox_id).
alter table email_outbox
  add column channel text not null default 'email' check (channel in ('email', 'whatsapp')),
  add column recipient_email text check (length(recipient_email) <= 254),
  add column wa_template text check (wa_template ~ '^[a-z0-9_]{1,100}$'),
  add column wa_language text check (wa_language in ('en', 'hi')),
  add column wa_variables jsonb check (wa_variables is null or jsonb_typeof(wa_variables) = 'array'),
  add column wa_text text check (length(wa_text) <= 4096),
  add column wa_sent_by text check (length(wa_sent_by) <= 40),
  add column fallback_outbox_id bigint,
  add constraint email_outbox_whatsapp_complete check (
    channel = 'email'
    or (recipient_email is not null and to_address ~ '^\+[1-9][0-9]{6,14}$' and ((wa_template is not null and wa_language is not null) or wa_text is not null)));
create index email_outbox_whatsapp_by_email on email_outbox (recipient_email) where channel = 'whatsapp';

-- The number each person opted in with (one person per number: the latest opt-in names them).
create table whatsapp_contacts (
  phone text primary key check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  email text not null check (email = lower(email) and length(email) <= 254),
  language text not null default 'en' check (language in ('en', 'hi')),
  opted_in_at timestamptz not null default now()
);
create index whatsapp_contacts_by_email on whatsapp_contacts (email);
alter table whatsapp_contacts enable row level security;

-- Every message sent or received, by the provider's id (wamid): a duplicate webhook finds its row.
-- Status only moves forward (sent < delivered < read; failed ends it), whatever order events come in.
create table whatsapp_messages (
  id bigint generated always as identity primary key,
  wamid text not null unique check (length(wamid) <= 200),
  direction text not null check (direction in ('out', 'in')),
  phone text not null check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  email text check (length(email) <= 254),
  outbox_id bigint,
  template text check (length(template) <= 100),
  category text check (category in ('utility', 'marketing', 'authentication', 'service')),
  body text not null check (length(body) <= 4096),
  status text not null check (status in ('accepted', 'sent', 'delivered', 'read', 'failed', 'received')),
  status_at timestamptz not null default now(),
  error text check (length(error) <= 500),
  sent_by text check (length(sent_by) <= 40),
  created_at timestamptz not null default now()
);
create index whatsapp_messages_by_phone on whatsapp_messages (phone, created_at desc);
create index whatsapp_messages_by_email on whatsapp_messages (email);
create index whatsapp_messages_by_month on whatsapp_messages (created_at) where direction = 'out';
alter table whatsapp_messages enable row level security;

-- The local sandbox's own books (what the "provider" was asked to send); never used on a deploy.
create table whatsapp_sandbox_messages (
  wamid text primary key,
  direction text not null check (direction in ('out', 'in')),
  phone text not null,
  template text,
  language text,
  body text not null,
  created_at timestamptz not null default now()
);
alter table whatsapp_sandbox_messages enable row level security;

-- Meta's calls are counted with the others on the operations screen.
alter table webhook_hours drop constraint webhook_hours_source_check;
alter table webhook_hours add constraint webhook_hours_source_check check (source in ('razorpay', 'postmark', 'whatsapp'));
alter table webhook_status drop constraint webhook_status_source_check;
alter table webhook_status add constraint webhook_status_source_check check (source in ('razorpay', 'postmark', 'whatsapp'));
