/**
 * A WhatsApp message that cannot go (a paused template, an unreachable number, a later "failed"
 * status, a STOP) has its email written instead, once: the row is locked and marked with it. A
 * message written beside its own email (an automatic message) already points at it and writes none.
 */
import type { Db } from '../platform/index.ts';
import { writeEmail, type Written } from './write.ts';

export async function writeFallbackEmail(tx: Db, outboxId: string): Promise<Written | null> {
  const [row] = await tx<{ recipient_email: string; subject: string; text_body: string; html_body: string | null; tag: string }[]>`
    select recipient_email, subject, text_body, html_body, tag from email_outbox
    where id = ${outboxId} and channel = 'whatsapp' and fallback_outbox_id is null for update`;
  if (!row) return null;
  const written = await writeEmail(tx, {
    to: row.recipient_email,
    subject: row.subject,
    text: row.text_body,
    ...(row.html_body ? { html: row.html_body } : {}),
    tag: row.tag,
  });
  if (written) await tx`update email_outbox set fallback_outbox_id = ${written.id} where id = ${outboxId}`;
  return written;
}
