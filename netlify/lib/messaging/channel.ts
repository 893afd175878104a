/**
 * How the outbox sends a WhatsApp row (mail/channels.ts calls this sender): only while the
 * person's WhatsApp consent stands, the number is proven theirs and has not replied STOP (checked
 * again now: it may have changed since the row was written), a template in the language they chose or free text, the
 * message kept for their timeline; a message that cannot go (template paused or rejected, the
 * number unreachable, a failed status later) has its email written instead, once.
 */
import { deliverDue, enqueueEmail, PermanentDeliveryError, REQUEST_BUDGET_MS, type ChannelSender } from '../mail/index.ts';
import { db, type Db, hasActiveConsent, log } from '../platform/index.ts';
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

export const whatsappSender: ChannelSender = {
  async send(row, { signal }) {
    if (!(await hasActiveConsent(db(), row.recipient_email, 'whatsapp'))) return null;
    if (!(await mayMessage(db(), row.recipient_email, row.to_address))) return null;
    const provider = whatsapp();
    if (!provider) throw new PermanentDeliveryError('WhatsApp is not configured on this deployment', null);
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
        throw new PermanentDeliveryError(error.message, null);
      }
      throw error;
    }
    await db()`insert into whatsapp_messages (wamid, direction, phone, email, outbox_id, template, category, body, status, sent_by)
      values (${id}, 'out', ${row.to_address}, ${row.recipient_email}, ${row.id}, ${template},
              ${template ? TEMPLATES[template].category : 'service'},
              ${shownBody(template, language, variables, row.wa_text)}, 'accepted', ${row.wa_sent_by})
      on conflict (wamid) do nothing`;
    return id;
  },
  async gaveUp(row) {
    await db().begin((tx) => writeFallbackEmail(tx, row.id));
  },
};

/**
 * The email a WhatsApp row carries, written once in the caller's transaction (the row is locked
 * and marked with it).
 */
export async function writeFallbackEmail(tx: Db, outboxId: string): Promise<void> {
  const [row] = await tx<{ recipient_email: string; subject: string; text_body: string; html_body: string | null; tag: string }[]>`
    select recipient_email, subject, text_body, html_body, tag from email_outbox
    where id = ${outboxId} and channel = 'whatsapp' and fallback_outbox_id is null for update`;
  if (!row) return;
  const emailId = await enqueueEmail(tx, {
    to: row.recipient_email,
    subject: row.subject,
    text: row.text_body,
    ...(row.html_body ? { html: row.html_body } : {}),
    tag: row.tag,
  });
  if (emailId) await tx`update email_outbox set fallback_outbox_id = ${emailId} where id = ${outboxId}`;
}

/** A request's WhatsApp rows, after its answer (the scheduled run takes what is left). */
export async function deliverWhatsAppAfterAnswer(ids: string[]): Promise<void> {
  try {
    await deliverDue({ ids, limit: ids.length, budgetMs: REQUEST_BUDGET_MS, sendTimeoutMs: REQUEST_BUDGET_MS, whatsapp: whatsappSender });
  } catch (error) {
    log.warn('whatsapp delivery deferred to the scheduled run', { error });
  }
}
