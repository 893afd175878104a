import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkoutSignature, hmacSha256Hex, signaturesEqual, verifyBodySignature, verifyCheckoutSignature } from './hmac.ts';

describe('payment signatures', () => {
  it('matches the HMAC-SHA256 hex Razorpay documents for order_id|payment_id', () => {
    // Independent computation of the documented scheme.
    const expected = createHmac('sha256', 'secret').update('order_ABC|pay_XYZ').digest('hex');
    expect(checkoutSignature('secret', 'order_ABC', 'pay_XYZ')).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the right signature and refuses a tampered one, another order, another secret', () => {
    const sig = checkoutSignature('secret', 'order_1', 'pay_1');
    expect(verifyCheckoutSignature('secret', 'order_1', 'pay_1', sig)).toBe(true);
    const flipped = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
    expect(verifyCheckoutSignature('secret', 'order_1', 'pay_1', flipped)).toBe(false);
    expect(verifyCheckoutSignature('secret', 'order_2', 'pay_1', sig)).toBe(false);
    expect(verifyCheckoutSignature('secret', 'order_1', 'pay_2', sig)).toBe(false);
    expect(verifyCheckoutSignature('other', 'order_1', 'pay_1', sig)).toBe(false);
    expect(verifyCheckoutSignature('secret', 'order_1', 'pay_1', sig.toUpperCase())).toBe(false);
  });

  it('refuses signatures of another length or type without throwing', () => {
    const sig = checkoutSignature('secret', 'o', 'p');
    for (const bad of ['', sig.slice(1), `${sig}0`, undefined, null, 42, { sig }]) {
      expect(signaturesEqual(sig, bad)).toBe(false);
    }
  });

  it('verifies a webhook body byte for byte', () => {
    const body = '{"event":"payment.captured","payload":{}}';
    const sig = hmacSha256Hex('whsec', body);
    expect(verifyBodySignature('whsec', body, sig)).toBe(true);
    expect(verifyBodySignature('whsec', body.replace('captured', 'failed'), sig)).toBe(false);
    expect(verifyBodySignature('whsec', `${body} `, sig)).toBe(false);
  });

  it('a signature only ever verifies its own order and payment (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (o1, p1, o2, p2) => {
        fc.pre(`${o1}|${p1}` !== `${o2}|${p2}`);
        const sig = checkoutSignature('k', o1, p1);
        return verifyCheckoutSignature('k', o1, p1, sig) && !verifyCheckoutSignature('k', o2, p2, sig);
      }),
    );
  });
});
