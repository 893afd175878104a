/**
 * POST /api/v1/mail/postmark-webhook: Postmark's bounce webhook (bounces and spam complaints).
 * Postmark signs nothing; its webhooks authenticate as Postmark allows: HTTP basic auth in the
 * webhook URL (https://postmark:<secret>@<site>/api/v1/mail/postmark-webhook), or the secret as
 * `?secret=`. Without POSTMARK_WEBHOOK_SECRET every call is refused (503): fail closed.
 * This file reads what Postmark says; the outbox records it (outbox/bounces.ts: the email that
 * bounced fails, an address Postmark deactivated is marked undeliverable).
 */
import { BOUNCE_REASONS, type BounceReason } from '../../../src/shared/operations.ts';
import { constantTimeEqual, env, HttpError, log, recordWebhook } from '../platform/index.ts';

export const WEBHOOK_NOT_CONFIGURED = 'The email webhook is not configured on this deployment';
export const WEBHOOK_UNAUTHORIZED = 'Wrong or missing webhook credentials';

type PostmarkRecord = {
  RecordType?: unknown;
  MessageID?: unknown;
  Type?: unknown;
  ID?: unknown;
  Email?: unknown;
  Description?: unknown;
  BouncedAt?: unknown;
  Inactive?: unknown;
  CanActivate?: unknown;
};

/** A bounce or complaint that ends mail to an address, as Postmark reported it. */
export type PostmarkBounce = {
  address: string;
  reason: BounceReason;
  detail: string;
  bounceId: string | null;
  canReactivate: boolean;
  bouncedAt: Date;
  /** The email that bounced (accepted by Postmark, never arrived), and why, for its row. */
  messageId: string | null;
  why: string;
};

/** Bounce types that end mail to an address even when Postmark's `Inactive` flag is missing. */
const PERMANENT_TYPES: Record<string, BounceReason> = {
  HardBounce: 'hard-bounce',
  BadEmailAddress: 'invalid-address',
  SpamComplaint: 'spam-complaint',
  SpamNotification: 'spam-complaint',
  ManuallyDeactivated: 'inactive',
};

/** The secret from basic auth (any user name) or from `?secret=`; null when neither is given. */
function presented(authorization: string | null, secretParam: string | null): string | null {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(colon + 1) : null;
  }
  return secretParam;
}

async function refuse(status: number, reason: string, headers: Record<string, string> = {}): Promise<never> {
  await recordWebhook('postmark', reason);
  throw new HttpError(status, reason, headers);
}

/** The bounce a webhook call reports, or null for a record that changes nothing (a soft bounce, a delivery). */
export async function readPostmarkBounce(
  raw: string,
  credentials: { authorization: string | null; secretParam: string | null },
): Promise<PostmarkBounce | null> {
  const secret = env().POSTMARK_WEBHOOK_SECRET;
  if (!secret) {
    log.error('Postmark webhook called but POSTMARK_WEBHOOK_SECRET is not set: bounces are not recorded');
    return refuse(503, WEBHOOK_NOT_CONFIGURED);
  }
  const given = presented(credentials.authorization, credentials.secretParam);
  if (given === null || !constantTimeEqual(secret, given)) {
    return refuse(401, WEBHOOK_UNAUTHORIZED, { 'www-authenticate': 'Basic realm="Postmark webhook"' });
  }
  let record: PostmarkRecord;
  try {
    record = JSON.parse(raw) as PostmarkRecord;
  } catch {
    return refuse(400, 'The webhook body is not valid JSON');
  }
  if (!record || typeof record !== 'object' || Array.isArray(record)) return refuse(400, 'The webhook body is not a Postmark record');
  await recordWebhook('postmark', null);
  return bounceOf(record);
}

function bounceOf(record: PostmarkRecord): PostmarkBounce | null {
  const kind = record.RecordType ?? (record.Type === 'SpamComplaint' ? 'SpamComplaint' : 'Bounce');
  const email = typeof record.Email === 'string' ? record.Email.trim().toLowerCase() : '';
  if ((kind !== 'Bounce' && kind !== 'SpamComplaint') || !/^[^@\s]+@[^@\s]+$/.test(email) || email.length > 320) {
    return null;
  }
  const type = typeof record.Type === 'string' ? record.Type : '';
  const reason: BounceReason | undefined =
    kind === 'SpamComplaint' ? 'spam-complaint' : (PERMANENT_TYPES[type] ?? (record.Inactive === true ? 'inactive' : undefined));
  // A soft bounce, a transient failure: Postmark goes on sending, so do we.
  if (!reason || (record.Inactive === false && kind === 'Bounce' && type !== 'HardBounce')) return null;
  const bouncedAt =
    typeof record.BouncedAt === 'string' && !Number.isNaN(Date.parse(record.BouncedAt)) ? new Date(record.BouncedAt) : new Date();
  const messageId = typeof record.MessageID === 'string' && record.MessageID ? record.MessageID.slice(0, 100) : null;
  const why = `Bounced (${BOUNCE_REASONS[reason]}): ${typeof record.Description === 'string' ? record.Description : ''}`.slice(0, 500);
  return {
    address: email,
    reason,
    detail: typeof record.Description === 'string' ? record.Description : '',
    bounceId: typeof record.ID === 'number' || typeof record.ID === 'string' ? String(record.ID).slice(0, 40) : null,
    canReactivate: reason !== 'spam-complaint' && record.CanActivate !== false,
    bouncedAt,
    messageId,
    why,
  };
}
