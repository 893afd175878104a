/**
 * The right address for one that bounced (docs/architecture.md, Operations): a counsellor asked
 * the person and records it. The bounce is handled, the old address stays undeliverable, and the
 * emails of the last 30 days that never reached it go to the right one once.
 */
import { type Db, HttpError } from '../platform/index.ts';
import { enqueueEmail } from './outbox.ts';
import { NOT_SUPPRESSED } from './suppressions.ts';

/** How far back "the emails that never arrived" go. */
const RESEND_DAYS = 30;

/**
 * In the caller's transaction: marks the bounce corrected and writes again to `correctedTo` each
 * email to the old address that failed or was held back (never a one-time secret: those expired).
 * Answers how many emails were written.
 */
export async function correctSuppression(tx: Db, input: { address: string; correctedTo: string; accountId: string }): Promise<number> {
  const [row] = await tx`
    update email_suppressions set corrected_to = ${input.correctedTo}, corrected_at = now(), corrected_by = ${input.accountId}, updated_at = now()
    where address = ${input.address} and cleared_at is null returning address`;
  if (!row) throw new HttpError(404, NOT_SUPPRESSED);
  const missed = await tx<{ subject: string; text_body: string; html_body: string | null; tag: string }[]>`
    select subject, text_body, html_body, tag from email_outbox
    where lower(to_address) = ${input.address} and status in ('failed', 'suppressed') and not secret
      and created_at > now() - make_interval(days => ${RESEND_DAYS})
    order by id`;
  for (const email of missed) {
    await enqueueEmail(tx, {
      to: input.correctedTo,
      subject: email.subject,
      text: email.text_body,
      ...(email.html_body ? { html: email.html_body } : {}),
      tag: email.tag,
    });
  }
  return missed.length;
}
