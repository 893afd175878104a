/**
 * The conversation as the pipeline shows it: a person's messages for their timeline, whether they
 * opted in with a proven number and until when free text is allowed (the reply box), and when each number last wrote
 * (the counsellor's queue: "replied 5 min ago").
 */
import { queuedWhatsApp } from '../outbox/index.ts';
import { withdrawalsOf, type Db } from '../platform/index.ts';
import { whatsappContact, windowClosesAt } from './send.ts';
import { shownBody } from './channel.ts';
import { whatsapp } from './whatsapp/index.ts';

export type WhatsAppEntry = {
  at: string;
  direction: 'out' | 'in';
  status: string;
  body: string;
  template: string | null;
  error: string | null;
};

/**
 * Messages to or from these emails or numbers, newest first (at most 200): those the provider took,
 * and those still waiting in the outbox ('queued', e.g. a reply being sent right now).
 */
export async function whatsappMessages(tx: Db, emails: string[], phones: string[]): Promise<WhatsAppEntry[]> {
  if (emails.length + phones.length === 0) return [];
  const lowered = emails.map((e) => e.toLowerCase()).concat('');
  const [sent, queued] = await Promise.all([
    tx<{ created_at: Date; direction: 'out' | 'in'; status: string; body: string; template: string | null; error: string | null }[]>`
      select created_at, direction, status, body, template, error from whatsapp_messages
      where email in ${tx(lowered)} or phone in ${tx(phones.concat(''))}
      order by created_at desc, id desc limit 200`,
    queuedWhatsApp(tx, emails, phones),
  ]);
  const waiting = queued.map((q): WhatsAppEntry => ({
    at: new Date(q.created_at).toISOString(),
    direction: 'out',
    status: 'queued',
    body: shownBody(q.wa_template, q.wa_language, q.wa_variables, q.wa_text),
    template: q.wa_template,
    error: null,
  }));
  const taken = sent.map((r): WhatsAppEntry => ({
    at: new Date(r.created_at).toISOString(),
    direction: r.direction,
    status: r.status,
    body: r.body,
    template: r.template,
    error: r.error,
  }));
  return [...waiting, ...taken].sort((x, y) => y.at.localeCompare(x.at));
}

/** The person stopped WhatsApp: `settings`, `choices-link`, `whatsapp-stop` (a STOP reply, from the opt-in or the number). */
export type WhatsAppStop = { at: string; via: string };

/**
 * When these emails withdrew their WhatsApp opt-in, and when these numbers replied STOP (a STOP
 * that also withdrew an opt-in within the same minute is one stop), oldest first.
 */
export async function whatsappStops(tx: Db, emails: string[], phones: string[]): Promise<WhatsAppStop[]> {
  const withdrawals = await withdrawalsOf(tx, emails, 'whatsapp');
  const blocks = phones.length
    ? await tx<{ at: Date }[]>`select blocked_at as at from whatsapp_blocked_numbers where phone in ${tx(phones)}`
    : [];
  const replies = withdrawals.filter((w) => w.via === 'whatsapp-stop').map((w) => w.at.getTime());
  const stops = [
    ...withdrawals.map((w) => ({ at: w.at, via: w.via })),
    ...blocks
      .filter((b) => !replies.some((t) => Math.abs(t - new Date(b.at).getTime()) < 60_000))
      .map((b) => ({ at: new Date(b.at), via: 'whatsapp-stop' })),
  ];
  return stops.sort((a, b) => a.at.getTime() - b.at.getTime()).map((s) => ({ at: s.at.toISOString(), via: s.via }));
}

export type WhatsAppState = {
  /** WhatsApp runs on this deployment. */
  available: boolean;
  optedIn: boolean;
  phone: string | null;
  /** Free text is allowed until then (ISO), or null: only a template. */
  windowClosesAt: string | null;
};

export async function whatsappState(tx: Db, emails: string[], phones: string[]): Promise<WhatsAppState> {
  const available = !!whatsapp();
  let contact: { phone: string } | null = null;
  for (const email of emails) contact ??= await whatsappContact(tx, email);
  const closes = await windowClosesAt(tx, [...new Set([...phones, ...(contact ? [contact.phone] : [])])]);
  return { available, optedIn: !!contact, phone: contact?.phone ?? null, windowClosesAt: closes?.toISOString() ?? null };
}

/** The email among these that a reply goes to: consent standing and a proven number. */
export async function optedInEmail(tx: Db, emails: string[]): Promise<string | null> {
  for (const email of emails) if (await whatsappContact(tx, email)) return email;
  return null;
}

/** When each of these numbers last wrote to us (ISO), for the queue. */
export async function lastRepliesByPhone(tx: Db, phones: string[]): Promise<Map<string, string>> {
  if (phones.length === 0) return new Map();
  const rows = await tx<{ phone: string; at: Date }[]>`
    select phone, max(created_at) as at from whatsapp_messages where direction = 'in' and phone in ${tx(phones)} group by phone`;
  return new Map(rows.map((r) => [r.phone, new Date(r.at).toISOString()]));
}
