/**
 * An owner clears an undeliverable address (the mailbox works again): the provider is asked to
 * send to it again first (Postmark lifts a hard bounce through its API; a spam complaint only its
 * support can), then our mark is cleared, with an audit entry that never holds the full address.
 */
import type { EmailBounceDto } from '../../../src/shared/operations.ts';
import type { Session } from '../auth/index.ts';
import { transport } from '../mail/index.ts';
import { clearSuppression, providerBounceId, suppressionsFor } from '../outbox/index.ts';
import { db, HttpError, log, recordAdminAction } from '../platform/index.ts';

export const SPAM_COMPLAINT_STAYS =
  'This address marked our email as spam: Postmark keeps it inactive, and only Postmark support can lift that. Ask the person for another address.';

/** "a***@example.com": enough for the audit log to tell addresses apart, not the address. */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address[0]}***${address.slice(at)}` : '***';
}

export async function clearBounce(session: Session, address: string): Promise<{ message: string; bounce: EmailBounceDto }> {
  const [current] = (await suppressionsFor(db(), [address])).filter((b) => !b.clearedAt);
  if (!current) throw new HttpError(404, 'This address is not marked undeliverable');
  if (!current.canReactivate) throw new HttpError(409, SPAM_COMPLAINT_STAYS);
  const bounceId = await providerBounceId(db(), address);
  const via = transport();
  if (bounceId && via?.reactivate) {
    try {
      await via.reactivate(bounceId, { signal: AbortSignal.timeout(5_000) });
    } catch (error) {
      log.warn('the provider refused to reactivate an address', { error });
      throw new HttpError(502, 'Postmark did not reactivate this address; try again later, or ask Postmark support.');
    }
  }
  const cleared = await db().begin(async (tx) => {
    const done = await clearSuppression(tx, address, { reason: 'owner', accountId: session.accountId });
    if (!done) throw new HttpError(404, 'This address is not marked undeliverable');
    await recordAdminAction(tx, {
      actor: { accountId: session.accountId, email: session.email },
      action: 'email.clear',
      subjectKind: 'email',
      subjectId: maskedAddress(address),
      details: { reason: current.reason },
    });
    return done.bounce;
  });
  return { message: 'Cleared: emails go to this address again.', bounce: cleared };
}
