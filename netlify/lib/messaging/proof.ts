/**
 * Proving a number ticked on a form (docs/whatsapp.md, "Proving a number"). Proving the number
 * alone is not enough (anyone can prove their own number beside someone else's email): the pair
 * is proven by whoever holds BOTH. The address gets an email "Confirm WhatsApp updates to +91 •••••
 * 12345" with a signed, expiring link naming the pair; its page sends a code to the number on a
 * press and takes it back. A stranger who typed someone's email gets nothing, and so does their
 * number; the person who owns the email ignores the email.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { WhatsAppConfirmation } from '../../../src/shared/whatsapp-settings.ts';
import { send } from '../outbox/index.ts';
import { db, type Db, env, hasActiveConsent, HttpError, siteUrl } from '../platform/index.ts';
import { checkCode, sendCode } from './codes.ts';
import { isBlocked, markAskedToConfirm, maskPhone, type Pair } from './contacts.ts';

const AUDIENCE = 'aspira-whatsapp-confirm';
export const CONFIRM_LINK_DAYS = 7;
export const INVALID_LINK = 'This link is not valid or has expired. Tick the WhatsApp choice on a form again to get a new one.';
export const WITHDRAWN =
  'WhatsApp updates were turned off for this address since. Tick the WhatsApp choice on a form to turn them on again.';

async function confirmToken(pair: Pair): Promise<string> {
  return new SignJWT({ phone: pair.phone, lang: pair.language })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(pair.email.toLowerCase())
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CONFIRM_LINK_DAYS}d`)
    .sign(env().jwtSecret);
}

/** The pair a valid link names; 400 for a forged, expired or other kind of token. */
async function pairOf(token: string): Promise<Pair> {
  try {
    const { payload } = await jwtVerify(token, env().jwtSecret, { algorithms: ['HS256'], audience: AUDIENCE });
    const { sub, phone, lang } = payload as { sub?: unknown; phone?: unknown; lang?: unknown };
    if (typeof sub === 'string' && sub.includes('@') && typeof phone === 'string' && /^\+[1-9]\d{6,14}$/.test(phone)) {
      return { email: sub, phone, language: lang === 'hi' ? 'hi' : 'en' };
    }
  } catch {
    // Falls through to the one answer for any bad link.
  }
  throw new HttpError(400, INVALID_LINK);
}

/** The email that asks the address's owner to confirm the number (written in the form's transaction). */
export async function askToConfirm(tx: Db, pair: Pair): Promise<void> {
  const masked = maskPhone(pair.phone);
  const link = siteUrl(`/whatsapp/confirm?t=${encodeURIComponent(await confirmToken(pair))}`);
  const content = {
    subject: `Confirm WhatsApp updates to ${masked}`,
    greeting: 'Hello,',
    blocks: [
      `A form on the Aspira website asked for updates on WhatsApp to the number ${masked}, with this email address. We send nothing to that number until you confirm it is yours.`,
      `Open the link, then type the code we send to the number on WhatsApp. The link works for ${CONFIRM_LINK_DAYS} days.`,
      { link: { label: 'Confirm the WhatsApp number', url: link } },
      'Aspira के एक फ़ॉर्म में इस ईमेल पते के साथ इस नंबर पर WhatsApp अपडेट माँगे गए हैं। आपकी पुष्टि तक हम उस नंबर पर कुछ नहीं भेजेंगे।',
      'If this was not you, or the number is not yours, ignore this email: nothing will be sent to the number. Your receipts and updates keep coming by email.',
    ],
  };
  await send(tx, { kind: 'laid-out-email', email: { to: pair.email, content, tag: 'whatsapp-confirm', secret: true, toVisitor: true } });
  await markAskedToConfirm(tx, pair);
}

async function confirmation(tx: Db, pair: Pair): Promise<WhatsAppConfirmation> {
  const [proven] =
    await tx`select 1 from whatsapp_contacts where email = ${pair.email} and phone = ${pair.phone} and verified_at is not null`;
  return {
    phone: maskPhone(pair.phone),
    confirmed: !!proven,
    blocked: await isBlocked(tx, pair.phone),
    withdrawn: !(await hasActiveConsent(tx, pair.email, 'whatsapp')),
  };
}

/** POST /whatsapp/confirm/view: what the page shows before anything is sent. */
export async function confirmationView(token: string): Promise<WhatsAppConfirmation> {
  return confirmation(db(), await pairOf(token));
}

/** POST /whatsapp/confirm/send: the code goes to the number (the page's press). */
export async function sendCodeByLink(token: string, ip: string): Promise<WhatsAppConfirmation> {
  const pair = await pairOf(token);
  const state = await confirmation(db(), pair);
  if (state.confirmed) return state;
  if (state.withdrawn) throw new HttpError(409, WITHDRAWN);
  await sendCode(pair, { person: pair.email, ip });
  return state;
}

/** POST /whatsapp/confirm: the code typed back proves the pair. */
export async function confirmByLink(token: string, code: string, ip: string): Promise<WhatsAppConfirmation> {
  const pair = await pairOf(token);
  if (!(await hasActiveConsent(db(), pair.email, 'whatsapp'))) throw new HttpError(409, WITHDRAWN);
  await checkCode(pair, code, ip);
  return confirmation(db(), pair);
}

/**
 * Pairs typed before numbers had to be proven were never asked: each one whose WhatsApp consent
 * stands and whose number did not reply STOP gets the confirmation email once
 * (`npm run whatsapp:reconfirm`). Answers how many were asked.
 */
export async function askUnaskedToConfirm(): Promise<number> {
  const pending = await db()<Pair[]>`
    select email, phone, language from whatsapp_contacts
    where verified_at is null and confirm_sent_at is null order by opted_in_at`;
  let asked = 0;
  for (const pair of pending) {
    const sent = await db().begin(async (tx) => {
      if (!(await hasActiveConsent(tx, pair.email, 'whatsapp')) || (await isBlocked(tx, pair.phone))) return false;
      await askToConfirm(tx, pair);
      return true;
    });
    if (sent) asked++;
  }
  return asked;
}
