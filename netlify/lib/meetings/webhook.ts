/**
 * Zoom's webhook signature: `x-zm-signature: v0=` + HMAC-SHA256(secret token,
 * `v0:{x-zm-request-timestamp}:{raw body}`) in hex. Checked over the body exactly as received
 * (a re-serialised body differs), in constant time, and only for a timestamp within 5 minutes
 * (a captured call replayed later is refused).
 */
import { hmacSha256Hex, signaturesEqual } from '../platform/index.ts';

export const MAX_SKEW_SECONDS = 5 * 60;

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export function verifyZoomSignature(secret: string, rawBody: string, headers: Headers, nowMs = Date.now()): SignatureCheck {
  const timestamp = headers.get('x-zm-request-timestamp');
  const signature = headers.get('x-zm-signature');
  if (!timestamp || !signature) return { ok: false, reason: 'unsigned' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'bad timestamp' };
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return { ok: false, reason: 'stale timestamp' };
  const expected = `v0=${hmacSha256Hex(secret, `v0:${timestamp}:${rawBody}`)}`;
  return signaturesEqual(expected, signature) ? { ok: true } : { ok: false, reason: 'bad signature' };
}

/** endpoint.url_validation: Zoom sends plainToken and expects it back with its HMAC-SHA256 in hex. */
export function urlValidationAnswer(secret: string, plainToken: string): { plainToken: string; encryptedToken: string } {
  return { plainToken, encryptedToken: hmacSha256Hex(secret, plainToken) };
}
