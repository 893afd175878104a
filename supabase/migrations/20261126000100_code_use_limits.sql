-- Codes are never paid for more than their limit, nor twice by one mailbox (issue 27).
--
-- 1. "Once per person" is keyed on the mailbox, not the exact address: lower case, without a
--    +tag, and for Gmail (googlemail.com is the same service) without dots in the name. The
--    email stays as it was given; the key is a generated column beside it.
-- 2. A once-per-person code is used at most once per mailbox: a partial unique index.
-- 3. A code with a limit of N uses has at most N used: a trigger counts them with the code row
--    locked before a use becomes 'used'.
-- 4. A capture whose code use was no longer held (and could not be taken again) is kept for the
--    automatic refund, like a second capture: status 'duplicate' with refund_reason
--    'code-not-held' on course orders, registration fees and fee plan parts.

create function mailbox_key(email text) returns text
language plpgsql immutable strict parallel safe set search_path = pg_catalog as $$
declare
  address text := lower(btrim(email));
  at integer := strpos(reverse(address), '@');
  local text;
  domain text;
begin
  if at = 0 then
    return address;
  end if;
  local := left(address, length(address) - at);
  domain := right(address, at - 1);
  -- name+tag@ reaches name@ (a name that is only a tag is kept).
  local := coalesce(nullif(split_part(local, '+', 1), ''), local);
  if domain in ('gmail.com', 'googlemail.com') then
    local := coalesce(nullif(replace(local, '.', ''), ''), local);
    domain := 'gmail.com';
  end if;
  return local || '@' || domain;
end $$;
revoke all on function mailbox_key(text) from public;

alter table discount_redemptions add column mailbox text generated always as (mailbox_key(email)) stored;
-- Copied from the code when the use is made (codes cannot be changed to or from once per person).
alter table discount_redemptions add column per_person boolean not null default false;
update discount_redemptions r set per_person = c.once_per_person from discount_codes c where c.id = r.code_id;
-- Uses already paid twice by one mailbox before this rule stay as history; only the first counts for the index.
update discount_redemptions r set per_person = false
where r.status = 'used' and r.per_person
  and exists (select 1 from discount_redemptions e
              where e.code_id = r.code_id and e.mailbox = r.mailbox and e.status = 'used' and e.per_person and e.id < r.id);
create unique index discount_redemptions_once_per_mailbox on discount_redemptions (code_id, mailbox) where status = 'used' and per_person;
create index discount_redemptions_by_mailbox on discount_redemptions (code_id, mailbox);

create function discount_redemption_of_code() returns trigger
language plpgsql set search_path = public as $$
begin
  new.per_person := coalesce((select once_per_person from discount_codes where id = new.code_id), false);
  return new;
end $$;
create trigger discount_redemptions_per_person before insert on discount_redemptions
  for each row execute function discount_redemption_of_code();

-- A use becomes 'used' only within the code's limit. The code row's lock orders concurrent uses
-- (the application takes it first, so this is a guard, not a second queue).
create function discount_use_within_limit() returns trigger
language plpgsql set search_path = public as $$
declare
  most integer;
  taken integer;
begin
  if tg_op = 'UPDATE' and old.status = 'used' then
    return new;
  end if;
  select max_uses into most from discount_codes where id = new.code_id for update;
  if most is not null then
    select count(*) into taken from discount_redemptions where code_id = new.code_id and status = 'used' and id <> new.id;
    if taken >= most then
      raise exception 'discount code % is fully used (% of % uses)', new.code_id, taken, most using errcode = 'check_violation';
    end if;
  end if;
  return new;
end $$;
create trigger discount_redemptions_within_limit before insert or update of status on discount_redemptions
  for each row when (new.status = 'used') execute function discount_use_within_limit();

revoke all on function discount_redemption_of_code() from public;
revoke all on function discount_use_within_limit() from public;

-- Why a 'duplicate' capture is refunded: null = the item was already paid by another order.
alter table course_orders add column refund_reason text check (refund_reason in ('code-not-held'));
alter table instalment_payments add column refund_reason text check (refund_reason in ('code-not-held'));

-- A registration fee captured while its code use was lost is refunded the same way.
alter table registration_payments drop constraint registration_payments_status_check;
alter table registration_payments add constraint registration_payments_status_check check (status in ('created', 'paid', 'duplicate'));
alter table registration_payments drop constraint registration_payments_check;
alter table registration_payments add constraint registration_payments_check check ((status = 'created') = (payment_id is null));
alter table registration_payments add column refund_reason text check (refund_reason in ('code-not-held'));
alter table registration_payments add column refund_id text unique;
alter table registration_payments add column refunded_at timestamptz;
alter table registration_payments add column refund_claimed_at timestamptz;   -- when the sweep claimed it
alter table registration_payments add constraint registration_payments_refund_only_duplicates
  check (refund_id is null or status = 'duplicate');
create index registration_payments_duplicates on registration_payments (paid_at) where status = 'duplicate';
