/**
 * The WhatsApp rows of the outbox as messaging reads them: what still waits for a person (the
 * person page shows it 'queued'), and what goes with their data on erasure.
 */
import type { Db } from '../platform/index.ts';

export type QueuedWhatsApp = {
  created_at: Date;
  wa_template: string | null;
  wa_language: 'en' | 'hi' | null;
  wa_variables: string[] | null;
  wa_text: string | null;
};

/** Pending WhatsApp messages to these emails or numbers, newest first (at most 20). */
export function queuedWhatsApp(tx: Db, emails: string[], phones: string[]): Promise<QueuedWhatsApp[]> {
  const lowered = emails.map((e) => e.toLowerCase()).concat('');
  return tx<QueuedWhatsApp[]>`
    select created_at, wa_template, wa_language, wa_variables, wa_text from email_outbox
    where channel = 'whatsapp' and status = 'pending' and (recipient_email in ${tx(lowered)} or to_address in ${tx(phones.concat(''))})
    order by created_at desc, id desc limit 20`;
}

/** Erasure: every WhatsApp row for these (lower-case) emails, whatever its status; answers how many. */
export async function eraseWhatsAppRows(tx: Db, emails: string[]): Promise<number> {
  return (await tx`delete from email_outbox where channel = 'whatsapp' and recipient_email in ${tx(emails.concat(''))}`).count;
}
