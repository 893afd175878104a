/**
 * A person's WhatsApp on their timeline: the messages both ways with their delivery status, each
 * template by what it says, and each time the person stopped WhatsApp.
 */
import type { TimelineEntry } from '../../../../src/shared/persons.ts';
import { whatsappMessages, whatsappStops, type TemplateName } from '../../messaging/index.ts';
import type { Tx } from '../../platform/index.ts';

const STATUS_WORDS: Record<string, string> = {
  queued: 'sending',
  accepted: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

/** What each template tells the person, as a counsellor reads it on the timeline. */
export const TEMPLATE_TITLES: Record<TemplateName, string> = {
  whatsapp_code: 'verification code',
  lead_received: 'enquiry received',
  payment_received: 'payment received',
  fee_part_due: 'fee plan part due',
  fee_part_overdue: 'fee plan part overdue',
  document_reviewed: 'document reviewed',
  class_reminder: 'class reminder',
  counsellor_follow_up: "counsellor's follow-up",
};

/** How the person stopped WhatsApp, by the withdrawal's channel. */
const STOPPED_VIA: Record<string, string> = {
  settings: 'in Settings',
  'choices-link': 'on Your choices',
  'whatsapp-stop': 'replied STOP',
};

function sentTitle(template: string | null): string {
  if (!template) return 'WhatsApp message';
  return `WhatsApp: ${Object.hasOwn(TEMPLATE_TITLES, template) ? TEMPLATE_TITLES[template as TemplateName] : 'automatic message'}`;
}

export async function whatsappEntries(tx: Tx, emails: string[], phones: string[]): Promise<TimelineEntry[]> {
  const messages = (await whatsappMessages(tx, emails, phones)).map((m): TimelineEntry => ({
    at: m.at,
    kind: 'whatsapp',
    title: m.direction === 'in' ? 'Replied on WhatsApp' : `${sentTitle(m.template)} (${STATUS_WORDS[m.status] ?? m.status})`,
    detail: m.error ? `${m.body} [${m.error}]` : m.body,
  }));
  const stops = (await whatsappStops(tx, emails, phones)).map((s): TimelineEntry => ({
    at: s.at,
    kind: 'whatsapp',
    title: `Stopped WhatsApp: ${STOPPED_VIA[s.via] ?? s.via}`,
    detail: 'Nothing more goes to them on WhatsApp; emails go on as before.',
  }));
  return [...messages, ...stops];
}
