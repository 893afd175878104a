/**
 * The signed link to "Your choices" that every email and WhatsApp message carries: it lets the
 * person see and withdraw their consents without logging in (DPDP Act s.6(4): withdrawing is as
 * easy as giving). The link names one address and expires; a forged or expired one proves nothing.
 * It lives in the platform because the outbox puts it on every email it writes.
 */
import { jwtVerify, SignJWT } from 'jose';
import { env } from './env.ts';
import { siteUrl } from './urls.ts';

const AUDIENCE = 'aspira-choices';
/** Long enough for an old email to still work; short enough that a leaked link dies. */
export const CHOICES_LINK_DAYS = 180;

export async function choicesToken(email: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(email.trim().toLowerCase())
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CHOICES_LINK_DAYS}d`)
    .sign(env().jwtSecret);
}

/** The address a valid choices token names, or null (forged, expired, another kind of token). */
export async function choicesEmail(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, env().jwtSecret, { algorithms: ['HS256'], audience: AUDIENCE });
    return typeof payload.sub === 'string' && payload.sub.includes('@') ? payload.sub : null;
  } catch {
    return null;
  }
}

/** The absolute "Your choices" link for an address (the page is /choices). */
export async function choicesUrl(email: string): Promise<string> {
  return siteUrl(`/choices?t=${encodeURIComponent(await choicesToken(email))}`);
}

/** The one-click unsubscribe address (RFC 8058) of the List-Unsubscribe header: a POST there withdraws at once. */
export async function unsubscribeUrl(email: string): Promise<string> {
  return siteUrl(`/api/v1/choices/unsubscribe?t=${encodeURIComponent(await choicesToken(email))}`);
}
