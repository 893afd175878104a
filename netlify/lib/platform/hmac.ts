import { createHmac } from 'node:crypto';
import { constantTimeEqual } from './crypto.ts';

/** HMAC-SHA256 of `data` with `secret`, as lower-case hex (Razorpay's signature format). */
export function hmacSha256Hex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data, 'utf8').digest('hex');
}

/** Constant-time comparison of a received signature with the expected one. */
export function signaturesEqual(expected: string, given: unknown): boolean {
  return constantTimeEqual(expected, given);
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
