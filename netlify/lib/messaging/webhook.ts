/**
 * Meta's webhook (docs/whatsapp.md): the subscription check (GET, hub.challenge echoed when
 * hub.verify_token matches) and the events (POST): X-Hub-Signature-256 is checked over the exact
 * bytes received, in constant time. Statuses move a message forward only (a late "delivered"
 * never undoes "read"; a repeat changes nothing); an incoming message is kept once by its id,
 * matched to the person the number is proven for, opens the 24-hour window; STOP (however typed,
 * stop-words.ts) blocks the number and withdraws that person's opt-in, START lifts the block.
 */
import { createHmac } from 'node:crypto';
import { constantTimeEqual, db, type Db, HttpError, log, recordWebhook } from '../platform/index.ts';
import { fallBackToEmail } from '../outbox/index.ts';
import { provenEmailOf } from './contacts.ts';
import { blockNumber, stopWhatsApp, unblockNumber } from './send.ts';
import { replyIntent } from './stop-words.ts';
import { whatsapp } from './whatsapp/index.ts';

const RANK = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 3 } as const;
type Status = keyof typeof RANK;

export const INVALID_SIGNATURE = 'Invalid webhook signature';

/** GET: Meta's subscription check. Answers the challenge to echo, or throws 403. */
export function verifySubscription(params: URLSearchParams): string {
  const provider = whatsapp();
  if (!provider) throw new HttpError(503, 'WhatsApp is not configured on this deployment');
  const challenge = params.get('hub.challenge') ?? '';
  if (params.get('hub.mode') !== 'subscribe' || !constantTimeEqual(provider.verifyToken, params.get('hub.verify_token'))) {
    throw new HttpError(403, 'The verify token does not match');
  }
  if (!/^[\w-]{1,200}$/.test(challenge)) throw new HttpError(400, 'hub.challenge is missing');
  return challenge;
}

/** True when `header` is `sha256=` + the HMAC of these exact bytes with the app secret. */
export function signatureMatches(appSecret: string, raw: Uint8Array, header: string | null): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1]?.toLowerCase();
  const expected = createHmac('sha256', appSecret).update(raw).digest('hex');
  return constantTimeEqual(expected, given ?? '');
}

type StatusEvent = { id?: unknown; status?: unknown; timestamp?: unknown; errors?: { code?: unknown; title?: unknown }[] };
type MessageEvent = { id?: unknown; from?: unknown; type?: unknown; text?: { body?: unknown }; button?: { text?: unknown } };
type Body = { entry?: { changes?: { field?: unknown; value?: { statuses?: StatusEvent[]; messages?: MessageEvent[] } }[] }[] };

export type WebhookSummary = { statuses: number; messages: number; ignored: number };

/** POST: applies a signed batch of events. */
export async function receiveWebhook(raw: Uint8Array, signature: string | null): Promise<WebhookSummary> {
  const provider = whatsapp();
  if (!provider) throw new HttpError(503, 'WhatsApp is not configured on this deployment');
  if (!signatureMatches(provider.appSecret, raw, signature)) {
    await recordWebhook('whatsapp', INVALID_SIGNATURE);
    throw new HttpError(401, INVALID_SIGNATURE);
  }
  let body: Body;
  try {
    body = JSON.parse(Buffer.from(raw).toString('utf8')) as Body;
  } catch {
    await recordWebhook('whatsapp', 'The webhook body is not valid JSON');
    throw new HttpError(400, 'The webhook body is not valid JSON');
  }
  const summary: WebhookSummary = { statuses: 0, messages: 0, ignored: 0 };
  for (const entry of Array.isArray(body.entry) ? body.entry : []) {
    for (const change of Array.isArray(entry.changes) ? entry.changes : []) {
      if (change.field !== 'messages') continue;
      for (const status of change.value?.statuses ?? []) summary[(await applyStatus(status)) ? 'statuses' : 'ignored']++;
      for (const message of change.value?.messages ?? []) summary[(await applyInbound(message)) ? 'messages' : 'ignored']++;
    }
  }
  await recordWebhook('whatsapp', null);
  return summary;
}

const when = (timestamp: unknown) => {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
};

/** Moves a message's status forward; a failure writes the message's email instead (once). */
async function applyStatus(event: StatusEvent): Promise<boolean> {
  const id = typeof event.id === 'string' ? event.id.slice(0, 200) : '';
  const status = typeof event.status === 'string' && Object.hasOwn(RANK, event.status) ? (event.status as Status) : null;
  if (!id || !status) return false;
  const error =
    status === 'failed' ? `${String(event.errors?.[0]?.code ?? '')} ${String(event.errors?.[0]?.title ?? 'failed')}`.trim() : null;
  return db().begin(async (tx) => {
    const [moved] = await tx<{ outbox_id: string | null }[]>`
      update whatsapp_messages set status = ${status}, status_at = ${when(event.timestamp)}, error = ${error?.slice(0, 500) ?? null}
      where wamid = ${id} and direction = 'out'
        and (case status when 'accepted' then 0 when 'sent' then 1 when 'delivered' then 2 else 3 end) < ${RANK[status]}
      returning outbox_id::text`;
    if (!moved) return false;
    if (status === 'failed' && moved.outbox_id) await fallBackToEmail(tx, moved.outbox_id);
    return true;
  });
}

/** Keeps an incoming message once; STOP blocks the number (and withdraws its person's opt-in), START lifts the block. */
async function applyInbound(event: MessageEvent): Promise<boolean> {
  const id = typeof event.id === 'string' ? event.id.slice(0, 200) : '';
  const from = typeof event.from === 'string' && /^[1-9]\d{6,14}$/.test(event.from) ? `+${event.from}` : '';
  if (!id || !from) return false;
  const text = typeof event.text?.body === 'string' ? event.text.body : typeof event.button?.text === 'string' ? event.button.text : '';
  const body = (text || `[${typeof event.type === 'string' ? event.type.slice(0, 30) : 'message'}]`).slice(0, 4096);
  return db().begin(async (tx: Db) => {
    // Only a person the number is proven for: someone else's typed email never gets this number's messages.
    const email = await provenEmailOf(tx, from);
    const [kept] = await tx`insert into whatsapp_messages (wamid, direction, phone, email, category, body, status)
      values (${id}, 'in', ${from}, ${email}, 'service', ${body}, 'received')
      on conflict (wamid) do nothing returning id`;
    if (!kept) return false;
    const intent = replyIntent(text);
    if (intent === 'stop') {
      await blockNumber(tx, from, 'whatsapp-stop');
      if (email) await stopWhatsApp(tx, email, 'whatsapp-stop');
      log.info('whatsapp opt-out by reply');
    } else if (intent === 'start' && (await unblockNumber(tx, from))) {
      log.info('whatsapp opt-in again by reply');
    }
    return true;
  });
}
