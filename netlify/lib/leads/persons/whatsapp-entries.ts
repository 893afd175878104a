/** A person's WhatsApp messages as timeline entries (both ways, with the delivery status). */
import type { TimelineEntry } from '../../../../src/shared/persons.ts';
import { whatsappMessages } from '../../messaging/index.ts';
import type { Tx } from '../../platform/index.ts';

const STATUS_WORDS: Record<string, string> = {
  queued: 'sending',
  accepted: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

export async function whatsappEntries(tx: Tx, emails: string[], phones: string[]): Promise<TimelineEntry[]> {
  return (await whatsappMessages(tx, emails, phones)).map((m) => ({
    at: m.at,
    kind: 'whatsapp',
    title:
      m.direction === 'in'
        ? 'Replied on WhatsApp'
        : `WhatsApp ${m.template ? `template ${m.template}` : 'message'} (${STATUS_WORDS[m.status] ?? m.status})`,
    detail: m.error ? `${m.body} [${m.error}]` : m.body,
  }));
}
