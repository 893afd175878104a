/**
 * One-time codes that prove a number (docs/whatsapp.md, "Proving a number"): 6 digits from a
 * CSPRNG sent over WhatsApp in the authentication template (the code and nothing else: no name,
 * no link), kept only as a keyed hash, valid a few minutes, single use, dead after a few wrong
 * tries. Sending is limited per number, per person and per IP: the code flow must not become a
 * way to pester a number. A code never goes by email (that would prove nothing about the number).
 */
import { createHmac, randomInt } from 'node:crypto';
import { db, type Db, env, HttpError, log, rateLimit, signaturesEqual } from '../platform/index.ts';
import { type Pair, isBlocked, provePair } from './contacts.ts';
import { whatsapp, WhatsAppRefusal } from './whatsapp/index.ts';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_WRONG = 5;
export const CODE_SEND_LIMITS = { perNumberHour: 3, perPersonHour: 5, perIpHour: 10 } as const;
const SEND_TIMEOUT_MS = 10_000;

export const NOT_CONFIGURED = 'WhatsApp is not configured on this deployment';
export const BLOCKED =
  'This number asked us to stop WhatsApp messages (it replied STOP). To get them again, send START to Aspira on WhatsApp from it, then try again.';
export const WRONG_CODE = 'code: This code is not right. Check the latest WhatsApp message from Aspira.';
export const EXPIRED_CODE = 'code: This code has expired. Send a new one.';
export const NO_CODE = 'code: No code was sent to this number yet, or it was used. Send a new one.';
/** What the timeline shows for a code (never the code). */
const CODE_BODY = '[verification code]';

function codeHash(pair: Pair, code: string): string {
  return createHmac('sha256', env().jwtSecret).update(`whatsapp-code:${pair.email}:${pair.phone}:${code}`).digest('hex');
}

/**
 * Sends a new code to the pair's number (an earlier one dies). `person` is who asks (an account,
 * or the address the link was emailed to): limited with the number and the IP.
 */
export async function sendCode(pair: Pair, who: { person: string; ip: string }): Promise<void> {
  const provider = whatsapp();
  if (!provider) throw new HttpError(503, NOT_CONFIGURED);
  if (await isBlocked(db(), pair.phone)) throw new HttpError(409, BLOCKED);
  await rateLimit({ bucket: 'whatsapp-code-ip', key: who.ip, limit: CODE_SEND_LIMITS.perIpHour, windowSeconds: 3600 });
  await rateLimit({ bucket: 'whatsapp-code-person', key: who.person, limit: CODE_SEND_LIMITS.perPersonHour, windowSeconds: 3600 });
  await rateLimit({ bucket: 'whatsapp-code-number', key: pair.phone, limit: CODE_SEND_LIMITS.perNumberHour, windowSeconds: 3600 });
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await db().begin(async (tx) => {
    await tx`update whatsapp_codes set consumed_at = now() where email = ${pair.email} and phone = ${pair.phone} and consumed_at is null`;
    // Codes long dead tell nothing any more: this person's are cleared as new ones are made.
    await tx`delete from whatsapp_codes where email = ${pair.email} and expires_at < now() - interval '1 day'`;
    await tx`insert into whatsapp_codes (email, phone, language, code_hash, expires_at)
             values (${pair.email}, ${pair.phone}, ${pair.language}, ${codeHash(pair, code)},
                     now() + make_interval(mins => ${CODE_TTL_MINUTES}))`;
  });
  let id: string;
  try {
    id = await provider.sendTemplate(
      { to: pair.phone, template: 'whatsapp_code', language: pair.language, variables: [code], copyCode: code },
      { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
    );
  } catch (error) {
    if (!(error instanceof WhatsAppRefusal)) throw error;
    log.warn('whatsapp code not sent', { kind: error.kind, error: error.message });
    if (error.kind === 'recipient') throw new HttpError(400, 'This number cannot get WhatsApp messages. Check it and try again.');
    throw new HttpError(502, 'The code could not be sent on WhatsApp just now. Please try again in a few minutes.');
  }
  await db()`insert into whatsapp_messages (wamid, direction, phone, email, template, category, body, status)
             values (${id}, 'out', ${pair.phone}, ${pair.email}, 'whatsapp_code', 'authentication', ${CODE_BODY}, 'accepted')
             on conflict (wamid) do nothing`;
  log.info('whatsapp code sent');
}

type CodeRow = { id: string; code_hash: string; attempts: number; consumed_at: Date | null; expired: boolean };

/**
 * Checks the code typed back for this pair; the right one proves the pair. A wrong one counts
 * against the code (committed although the answer is an error).
 */
export async function checkCode(pair: Pair, code: string, ip: string): Promise<void> {
  await rateLimit({ bucket: 'whatsapp-code-check-ip', key: ip, limit: 60, windowSeconds: 3600 });
  const outcome = await db().begin(async (tx: Db) => {
    const [row] = await tx<CodeRow[]>`
      select id::text, code_hash, attempts, consumed_at, expires_at <= now() as expired from whatsapp_codes
      where email = ${pair.email} and phone = ${pair.phone} order by created_at desc, id desc limit 1 for update`;
    if (!row || row.consumed_at) return 'none';
    if (row.attempts >= CODE_MAX_WRONG) return 'locked';
    if (row.expired) return 'expired';
    if (!signaturesEqual(row.code_hash, codeHash(pair, code))) {
      await tx`update whatsapp_codes set attempts = attempts + 1,
                 consumed_at = case when attempts + 1 >= ${CODE_MAX_WRONG} then now() else consumed_at end
               where id = ${row.id}`;
      return 'wrong';
    }
    await tx`update whatsapp_codes set consumed_at = now() where id = ${row.id}`;
    await provePair(tx, pair);
    return 'ok';
  });
  if (outcome === 'ok') return;
  if (outcome === 'locked') throw new HttpError(429, 'Too many wrong codes. Send a new one.', { 'retry-after': '60' });
  throw new HttpError(400, [outcome === 'expired' ? EXPIRED_CODE : outcome === 'wrong' ? WRONG_CODE : NO_CODE]);
}

/** The number waiting for its code for this person (the newest code still alive), or null. */
export async function pendingPhone(tx: Db, email: string): Promise<{ phone: string; language: 'en' | 'hi' } | null> {
  const [row] = await tx<{ phone: string; language: 'en' | 'hi' }[]>`
    select k.phone, k.language from whatsapp_codes k
    where k.email = ${email.toLowerCase()} and k.consumed_at is null and k.expires_at > now()
      and not exists (select 1 from whatsapp_contacts c where c.email = k.email and c.phone = k.phone and c.verified_at is not null)
    order by k.created_at desc, k.id desc limit 1`;
  return row ?? null;
}
