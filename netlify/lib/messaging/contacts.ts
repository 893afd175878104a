/**
 * The numbers people gave for WhatsApp, kept as pairs (email, number): unproven when a form or
 * settings names them, proven once someone holding both confirmed (proof.ts). Only a proven pair
 * gets messages; a number is proven for one person at a time (the latest proof); an unproven pair
 * never changes a proven one. A number that replied STOP is blocked, whatever email names it,
 * until it writes START.
 */
import { type Db, log } from '../platform/index.ts';
import type { WhatsAppLanguage } from './whatsapp/index.ts';

export type Contact = { phone: string; language: WhatsAppLanguage };
export type Pair = { email: string; phone: string; language: WhatsAppLanguage };

/** "+91 ••••• 12345": enough for the person to recognise their number, not enough to learn it. */
export function maskPhone(phone: string): string {
  return phone.startsWith('+91') ? `+91 ••••• ${phone.slice(-5)}` : `${phone.slice(0, 3)} ••••• ${phone.slice(-4)}`;
}

/** The person's newest proven number that has not asked us to stop. */
export async function provenContact(tx: Db, email: string): Promise<Contact | null> {
  const [contact] = await tx<Contact[]>`
    select c.phone, c.language from whatsapp_contacts c
    where c.email = ${email.toLowerCase()} and c.verified_at is not null
      and not exists (select 1 from whatsapp_blocked_numbers b where b.phone = c.phone)
    order by c.verified_at desc limit 1`;
  return contact ?? null;
}

/** The email a number is proven for (its messages are theirs), or null. */
export async function provenEmailOf(tx: Db, phone: string): Promise<string | null> {
  const [contact] = await tx<{ email: string }[]>`
    select email from whatsapp_contacts where phone = ${phone} and verified_at is not null`;
  return contact?.email ?? null;
}

/** True while this pair is proven and the number has not asked us to stop (checked again at sending). */
export async function mayMessage(tx: Db, email: string, phone: string): Promise<boolean> {
  const [row] = await tx`
    select 1 from whatsapp_contacts c
    where c.email = ${email.toLowerCase()} and c.phone = ${phone} and c.verified_at is not null
      and not exists (select 1 from whatsapp_blocked_numbers b where b.phone = c.phone)`;
  return !!row;
}

export async function isBlocked(tx: Db, phone: string): Promise<boolean> {
  const [row] = await tx`select 1 from whatsapp_blocked_numbers where phone = ${phone}`;
  return !!row;
}

/**
 * Keeps a pair a form or settings named, unproven (a proven one is left as it is). Answers whether
 * the pair is proven already, and whether the person was asked to confirm in the last day.
 */
export async function rememberPair(tx: Db, pair: Pair): Promise<{ proven: boolean; askedToday: boolean }> {
  const email = pair.email.toLowerCase();
  const [row] = await tx<{ proven: boolean; asked_today: boolean }[]>`
    insert into whatsapp_contacts (phone, email, language) values (${pair.phone}, ${email}, ${pair.language})
    on conflict (phone, email) do update set
      language = case when whatsapp_contacts.verified_at is null then excluded.language else whatsapp_contacts.language end,
      opted_in_at = case when whatsapp_contacts.verified_at is null then now() else whatsapp_contacts.opted_in_at end
    returning verified_at is not null as proven, coalesce(confirm_sent_at > now() - interval '1 day', false) as asked_today`;
  return { proven: row!.proven, askedToday: row!.asked_today };
}

export async function markAskedToConfirm(tx: Db, pair: Pair): Promise<void> {
  await tx`update whatsapp_contacts set confirm_sent_at = now() where phone = ${pair.phone} and email = ${pair.email.toLowerCase()}`;
}

/** The pair is proven: the number is this person's now (an earlier person's proof of it ends). */
export async function provePair(tx: Db, pair: Pair): Promise<void> {
  const email = pair.email.toLowerCase();
  await tx`update whatsapp_contacts set verified_at = null where phone = ${pair.phone} and email <> ${email} and verified_at is not null`;
  await tx`
    insert into whatsapp_contacts (phone, email, language, verified_at) values (${pair.phone}, ${email}, ${pair.language}, now())
    on conflict (phone, email) do update set verified_at = now(), language = excluded.language`;
  log.info('whatsapp number proven');
}
