/**
 * A learner's WhatsApp choice in settings (a confirmed account only: its email is proven). Turned
 * on with a number: the consent is recorded against the account and a code goes to the number;
 * the number is proven when the learner types the code back. Turned off like STOP (withdrawn,
 * queued messages cancelled). A number that replied STOP is refused until it writes START.
 */
import type { WhatsAppSetting, WhatsAppSettingInput } from '../../../src/shared/whatsapp-settings.ts';
import { db, hasActiveConsent, HttpError, recordConsent } from '../platform/index.ts';
import { BLOCKED, checkCode, NO_CODE, NOT_CONFIGURED, pendingPhone, sendCode } from './codes.ts';
import { isBlocked, provenContact, rememberPair } from './contacts.ts';
import { stopWhatsApp } from './send.ts';
import { whatsapp } from './whatsapp/index.ts';

type Account = { id: string; email: string };

export async function whatsappSetting(email: string): Promise<WhatsAppSetting> {
  const sql = db();
  const optedIn = await hasActiveConsent(sql, email, 'whatsapp');
  const contact = await provenContact(sql, email);
  const pending = optedIn ? await pendingPhone(sql, email) : null;
  return {
    available: !!whatsapp(),
    optedIn: optedIn && !!contact,
    phone: contact?.phone ?? null,
    language: contact?.language ?? null,
    pendingPhone: pending?.phone ?? null,
  };
}

export async function setWhatsAppSetting(account: Account, input: WhatsAppSettingInput, ip: string): Promise<WhatsAppSetting> {
  const email = account.email.toLowerCase();
  if (!input.optedIn) {
    await db().begin((tx) => stopWhatsApp(tx, email, 'settings'));
    return whatsappSetting(email);
  }
  if (!whatsapp()) throw new HttpError(503, NOT_CONFIGURED);
  if (await isBlocked(db(), input.phone)) throw new HttpError(409, BLOCKED);
  const pair = { email, phone: input.phone, language: input.language };
  const { proven } = await db().begin(async (tx) => {
    await recordConsent(tx, { email, purpose: 'whatsapp', subjectTable: 'accounts', subjectId: account.id, language: input.language });
    // Unproven until the code comes back (the code is sent here, so no email asks to confirm).
    return rememberPair(tx, pair);
  });
  if (!proven) await sendCode(pair, { person: `account:${account.id}`, ip });
  return whatsappSetting(email);
}

/** POST /user/whatsapp/confirm: the code the learner's phone got proves their number. */
export async function confirmWhatsAppSetting(account: Account, code: string, ip: string): Promise<WhatsAppSetting> {
  const email = account.email.toLowerCase();
  const pending = await pendingPhone(db(), email);
  if (!pending) throw new HttpError(400, [NO_CODE]);
  await checkCode({ email, phone: pending.phone, language: pending.language }, code, ip);
  return whatsappSetting(email);
}
