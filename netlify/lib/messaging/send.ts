/**
 * Who gets WhatsApp and what (docs/whatsapp.md): the separate opt-in recorded with the form's row
 * (the number unproven until its owner confirms it, proof.ts), automatic messages that always go
 * by email and also by WhatsApp to a proven number, a counsellor's follow-up (a template, or free
 * text inside the 24-hour window) and stopping, per person and per number.
 */
import type { NoticeLanguage } from '../../../src/shared/consent.ts';
import { cancelWhatsApp, CONFIRMATIONS_PER_DAY, enqueueEmail, type OutgoingEmail, send } from '../outbox/index.ts';
import {
  type Db,
  hasActiveConsent,
  mayMarketTo,
  hitStatement,
  HttpError,
  log,
  recordConsent,
  withdrawConsent,
  choicesUrl,
} from '../platform/index.ts';
import { provenContact, rememberPair, type Contact } from './contacts.ts';
import { askToConfirm } from './proof.ts';
import type { TemplateName } from './templates.ts';
import { cleanVariables } from './variables.ts';
import { whatsapp } from './whatsapp/index.ts';

/** Free text may follow the person's last message for this long (Meta's customer service window). */
export const WINDOW_HOURS = 24;
export const WINDOW_CLOSED = 'The 24-hour window is closed: the person has not written in the last 24 hours. Send a template instead';
export const NOT_OPTED_IN = 'This person has not chosen to get WhatsApp messages';

/**
 * The unticked "Send me updates on WhatsApp" was ticked: the consent with the form's row, and the
 * number kept UNPROVEN. Unless the pair is proven already, the address gets the email asking to
 * confirm the number (once a day at most); nothing goes to the number until then.
 */
export async function optInWhatsApp(
  tx: Db,
  input: { email: string; phone: string; language?: NoticeLanguage; subjectTable: string; subjectId: string },
): Promise<void> {
  const email = input.email.toLowerCase();
  const language = input.language ?? 'en';
  await recordConsent(tx, { email, purpose: 'whatsapp', subjectTable: input.subjectTable, subjectId: input.subjectId, language });
  const pair = { email, phone: input.phone, language };
  const { proven, askedToday } = await rememberPair(tx, pair);
  if (!proven && !askedToday && whatsapp()) await askToConfirm(tx, pair);
}

/** The proven number of a person whose WhatsApp consent stands (and WhatsApp runs here). */
export async function whatsappContact(tx: Db, email: string): Promise<Contact | null> {
  if (!whatsapp()) return null;
  if (!(await hasActiveConsent(tx, email, 'whatsapp'))) return null;
  return provenContact(tx, email);
}

/**
 * An automatic message (each carries the choices link; receipts an invoice link): ALWAYS the
 * email, and also the WhatsApp template (then the choices link) to a person with a proven number.
 * The WhatsApp row points at that email as its fallback, so a message that cannot go writes no
 * second one.
 */
export async function notify(
  tx: Db,
  input: { email: OutgoingEmail; template: TemplateName; variables: string[] },
): Promise<'whatsapp' | 'email'> {
  const emailId = await enqueueEmail(tx, input.email);
  const contact = await whatsappContact(tx, input.email.to);
  if (!contact || (input.email.toVisitor && !(await withinVisitorCap(tx, contact.phone)))) return 'email';
  await send(tx, {
    kind: 'whatsapp',
    whatsapp: {
      phone: contact.phone,
      email: input.email.to,
      fallback: { subject: input.email.subject, text: input.email.text, ...(input.email.html ? { html: input.email.html } : {}) },
      tag: input.email.tag ?? `whatsapp-${input.template.replaceAll('_', '-')}`,
      template: {
        name: input.template,
        language: contact.language,
        variables: [...cleanVariables(input.template, input.variables), await choicesUrl(input.email.to)],
      },
      fallbackOutboxId: emailId,
    },
  });
  return 'whatsapp';
}

/**
 * A number typed into a public form gets at most CONFIRMATIONS_PER_DAY WhatsApp messages a day from
 * those forms, as an address does emails: our account must not become a way to pester someone (and
 * Meta bills each one). Beyond it the email goes, under its own cap.
 */
async function withinVisitorCap(tx: Db, phone: string): Promise<boolean> {
  const [hit] = await tx<{ count: number }[]>`
    with hit as (${hitStatement(tx, { bucket: 'whatsapp-to-visitor', key: phone, windowSeconds: 86_400 })}) select count from hit`;
  return hit!.count <= CONFIRMATIONS_PER_DAY;
}

/** When the person's last message opens free text until, or null (never wrote, or long ago). */
export async function windowClosesAt(tx: Db, phones: string[]): Promise<Date | null> {
  if (phones.length === 0) return null;
  const [row] = await tx<{ closes: Date | null }[]>`
    select max(created_at) + make_interval(hours => ${WINDOW_HOURS}) as closes from whatsapp_messages
    where direction = 'in' and phone in ${tx(phones)}`;
  return row?.closes && new Date(row.closes).getTime() > Date.now() ? new Date(row.closes) : null;
}

export const NO_MARKETING =
  'The follow-up template is a marketing message: it is not sent to a person under 18. Answer in free text while they write to you, or call their parent';

export type FollowUp = { kind: 'template'; variables: { name: string; counsellor: string } } | { kind: 'text'; text: string };

/** A counsellor writes to a person with a proven number: a template any time, free text only inside the window. */
export async function sendFollowUp(tx: Db, input: { email: string; sentBy: string; message: FollowUp }): Promise<{ outboxId: string }> {
  const contact = await whatsappContact(tx, input.email);
  if (!contact) throw new HttpError(409, whatsapp() ? NOT_OPTED_IN : 'WhatsApp is not configured on this deployment');
  const { message } = input;
  if (message.kind === 'text' && !(await windowClosesAt(tx, [contact.phone]))) throw new HttpError(409, WINDOW_CLOSED);
  // The follow-up template is marketing (Meta's category): never to a child (DPDP Act s.9(3)).
  if (message.kind === 'template' && !(await mayMarketTo(tx, input.email))) throw new HttpError(409, NO_MARKETING);
  const variables =
    message.kind === 'template' ? cleanVariables('counsellor_follow_up', [message.variables.name, message.variables.counsellor]) : [];
  const fallback =
    message.kind === 'text'
      ? { subject: 'A message from your Aspira counsellor', text: message.text }
      : {
          subject: 'Following up on your enquiry',
          text: `Hi ${variables[0]}, this is ${variables[1]} from Aspira admissions, following up on your enquiry. Reply to this email when it suits you.`,
        };
  const outboxId = await send(tx, {
    kind: 'whatsapp',
    whatsapp: {
      phone: contact.phone,
      email: input.email,
      fallback,
      tag: 'whatsapp-follow-up',
      sentBy: input.sentBy,
      ...(message.kind === 'template'
        ? {
            template: {
              name: 'counsellor_follow_up',
              language: contact.language,
              variables: [...variables, await choicesUrl(input.email)],
            },
          }
        : { text: message.text }),
    },
  });
  return { outboxId: outboxId! };
}

/**
 * The person stops WhatsApp (the choices page, settings, or replying STOP): the consent is
 * withdrawn and their queued messages are cancelled at once, each one's email written instead.
 */
export async function stopWhatsApp(tx: Db, email: string, via: string): Promise<{ cancelled: number }> {
  await withdrawConsent(tx, { email, purpose: 'whatsapp', via });
  const cancelled = await cancelWhatsApp(tx, { email }, 'Not sent: WhatsApp consent withdrawn');
  if (cancelled) log.info('queued whatsapp messages cancelled', { count: cancelled, via });
  return { cancelled };
}

/**
 * The number replied STOP: nothing more goes to it, whatever email or form names it later, and
 * what is queued for it is cancelled (its email written instead, unless it went already).
 */
export async function blockNumber(tx: Db, phone: string, via: string): Promise<void> {
  await tx`insert into whatsapp_blocked_numbers (phone, via) values (${phone}, ${via}) on conflict (phone) do nothing`;
  const cancelled = await cancelWhatsApp(tx, { phone }, 'Not sent: the number asked for no more WhatsApp messages');
  log.info('whatsapp number blocked', { via, cancelled });
}

/** The number itself wrote START: a proven, consenting person's messages may go to it again. */
export async function unblockNumber(tx: Db, phone: string): Promise<boolean> {
  return (await tx`delete from whatsapp_blocked_numbers where phone = ${phone}`).count > 0;
}
