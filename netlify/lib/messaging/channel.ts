/**
 * The WhatsApp channel the outbox drives (outbox/kinds.ts loads it): one try of a claimed row,
 * only while the person's WhatsApp consent stands, the number is proven theirs and has not
 * replied STOP (checked again now: it may have changed since the row was written); a template in
 * the language they chose, or free text; the message kept for their timeline. It answers what
 * happened and never throws: the outbox settles the row, retries it or writes its email instead.
 */
import type { ChannelOutcome, WhatsAppChannel, WhatsAppRow } from '../outbox/types.ts';
import { db, hasActiveConsent, log } from '../platform/index.ts';
import { mayMessage } from './contacts.ts';
import { isTemplateName, renderTemplate, TEMPLATES } from './templates.ts';
import { whatsapp, WhatsAppRefusal } from './whatsapp/index.ts';

/** What the timeline shows in place of the person's signed choices link (it works without a login). */
const CHOICES_PLACEHOLDER = '[their Your choices link]';

/** A message's text as the team sees it: the template filled in, the choices link left out. */
export function shownBody(template: string | null, language: 'en' | 'hi' | null, variables: string[] | null, text: string | null): string {
  if (!template || !isTemplateName(template)) return text ?? '';
  return renderTemplate(template, language ?? 'en', [...(variables ?? []).slice(0, -1), CHOICES_PLACEHOLDER]);
}

const WITHDRAWN = 'Not sent: WhatsApp consent withdrawn';

export const whatsappChannel: WhatsAppChannel = {
  async send(row, options) {
    try {
      return await sendRow(row, options);
    } catch (error) {
      return { failed: error instanceof Error ? error.message.slice(0, 500) : 'unknown error', permanent: false };
    }
  },
};

async function sendRow(row: WhatsAppRow, { signal }: { signal: AbortSignal }): Promise<ChannelOutcome> {
  if (!(await hasActiveConsent(db(), row.recipient_email, 'whatsapp'))) return { cancelled: WITHDRAWN };
  if (!(await mayMessage(db(), row.recipient_email, row.to_address))) return { cancelled: WITHDRAWN };
  const provider = whatsapp();
  if (!provider) return { failed: 'WhatsApp is not configured on this deployment', permanent: true };
  const template = row.wa_template && isTemplateName(row.wa_template) ? row.wa_template : null;
  const language = row.wa_language ?? 'en';
  const variables = row.wa_variables ?? [];
  let id: string;
  try {
    id = template
      ? await provider.sendTemplate({ to: row.to_address, template, language, variables }, { signal })
      : await provider.sendText({ to: row.to_address, text: row.wa_text ?? '' }, { signal });
  } catch (error) {
    if (error instanceof WhatsAppRefusal && error.permanent) {
      if (error.kind === 'request') log.error('WhatsApp refused our request', { outboxId: row.id, error: error.message });
      return { failed: error.message.slice(0, 500), permanent: true };
    }
    throw error;
  }
  await db()`insert into whatsapp_messages (wamid, direction, phone, email, outbox_id, template, category, body, status, sent_by)
    values (${id}, 'out', ${row.to_address}, ${row.recipient_email}, ${row.id}, ${template},
            ${template ? TEMPLATES[template].category : 'service'},
            ${shownBody(template, language, variables, row.wa_text)}, 'accepted', ${row.wa_sent_by})
    on conflict (wamid) do nothing`;
  return { sent: id };
}
