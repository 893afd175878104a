/**
 * The outbox's email rows as other domains need them: what was written to a person (the person
 * page), what a withdrawn consent stops, and what retention clears. Nobody else names the table.
 */
import type { Db } from '../platform/index.ts';

export type EmailRecord = { subject: string; tag: string; status: string; created_at: Date; sent_at: Date | null; held: boolean };

/** Every message to these (lower-case) addresses: subject, tag, outcome and time, and whether it was held back. */
export function emailsTo(tx: Db, addresses: string[]): Promise<EmailRecord[]> {
  return tx<EmailRecord[]>`
    select subject, tag, status, created_at, sent_at, resend_held_at is not null as held
    from email_outbox where lower(to_address) in ${tx(addresses)}`;
}

/** A withdrawn consent: pending marketing to the address, and its pending messages of these tags, are not sent. */
export async function cancelWithdrawn(tx: Db, address: string, tags: string[]): Promise<number> {
  const cancelled = await tx`update email_outbox set status = 'cancelled', last_error = 'Not sent: consent withdrawn'
           where to_address = ${address} and status = 'pending' and (marketing or tag in ${tx(tags.concat(''))})`;
  return cancelled.count;
}

/** Retention: the messages no longer on their way (sent, failed, held back or cancelled) written before `cutoff`. */
export async function settledMessagesBefore(tx: Db, cutoff: Date): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    select id::text from email_outbox where status <> 'pending' and created_at < ${cutoff} order by id`;
  return rows.map((r) => r.id);
}

/** Deletes one message; answers how many rows went (0 or 1). */
export async function deleteMessage(tx: Db, id: string): Promise<number> {
  return (await tx`delete from email_outbox where id = ${id}`).count;
}
