import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `data` with `secret`, as lower-case hex (Razorpay's signature format). */
export function hmacSha256Hex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data, 'utf8').digest('hex');
}

/**
 * Constant-time comparison of two signatures. Different lengths (or a non-string) answer false
 * without comparing, which leaks only the length of the expected value (always 64 here).
 */
export function signaturesEqual(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}

/** The checkout signature Razorpay (and our sandbox) sends back: HMAC of `order_id|payment_id`. */
export function checkoutSignature(secret: string, orderId: string, paymentId: string): string {
  return hmacSha256Hex(secret, `${orderId}|${paymentId}`);
}

export function verifyCheckoutSignature(secret: string, orderId: string, paymentId: string, signature: unknown): boolean {
  return signaturesEqual(checkoutSignature(secret, orderId, paymentId), signature);
}

/** A webhook's `X-Razorpay-Signature`: HMAC of the raw body, exactly as received. */
export function verifyBodySignature(secret: string, rawBody: string, signature: unknown): boolean {
  return signaturesEqual(hmacSha256Hex(secret, rawBody), signature);
}
