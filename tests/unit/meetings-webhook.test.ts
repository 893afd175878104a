import { describe, expect, it } from 'vitest';
import { signZoomWebhook } from '../../netlify/lib/meetings/sandbox.ts';
import { urlValidationAnswer, verifyZoomSignature } from '../../netlify/lib/meetings/webhook.ts';

const SECRET = 'zoom-secret-token-for-tests';
const NOW_S = 1764322200;
const NOW_MS = NOW_S * 1000;
const RAW = '{"event":"meeting.ended","payload":{"object":{"id":"85012345678"}}}';

const headers = (values: Record<string, string>) => new Headers(values);

describe("Zoom's webhook signature", () => {
  it('accepts x-zm-signature computed over the raw body (vector made with openssl)', () => {
    // printf 'v0:1764322200:<RAW>' | openssl dgst -sha256 -hmac zoom-secret-token-for-tests
    const signed = headers({
      'x-zm-request-timestamp': String(NOW_S),
      'x-zm-signature': 'v0=66958bc061bf308fb8518c1ae0d06c081e82b2008d273b8fba85c7a5215c1cff',
    });
    expect(verifyZoomSignature(SECRET, RAW, signed, NOW_MS)).toEqual({ ok: true });
  });

  it("agrees with the sandbox's signing, which signs as Zoom does", () => {
    expect(verifyZoomSignature(SECRET, RAW, headers(signZoomWebhook(SECRET, RAW, NOW_S)), NOW_MS)).toEqual({ ok: true });
  });

  it('refuses the same JSON re-serialised (the bytes differ)', () => {
    const signed = headers(signZoomWebhook(SECRET, RAW, NOW_S));
    const reserialised = JSON.stringify(JSON.parse(RAW), null, 1);
    expect(reserialised).not.toBe(RAW);
    expect(verifyZoomSignature(SECRET, reserialised, signed, NOW_MS)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('refuses a timestamp older (or further ahead) than 5 minutes, even correctly signed', () => {
    const old = headers(signZoomWebhook(SECRET, RAW, NOW_S - 301));
    expect(verifyZoomSignature(SECRET, RAW, old, NOW_MS)).toEqual({ ok: false, reason: 'stale timestamp' });
    const ahead = headers(signZoomWebhook(SECRET, RAW, NOW_S + 301));
    expect(verifyZoomSignature(SECRET, RAW, ahead, NOW_MS)).toEqual({ ok: false, reason: 'stale timestamp' });
    const inside = headers(signZoomWebhook(SECRET, RAW, NOW_S - 299));
    expect(verifyZoomSignature(SECRET, RAW, inside, NOW_MS)).toEqual({ ok: true });
  });

  it('refuses a signature made with another secret, a changed timestamp, and an unsigned call', () => {
    expect(verifyZoomSignature(SECRET, RAW, headers(signZoomWebhook('another-secret', RAW, NOW_S)), NOW_MS)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    const moved = signZoomWebhook(SECRET, RAW, NOW_S);
    moved['x-zm-request-timestamp'] = String(NOW_S + 1);
    expect(verifyZoomSignature(SECRET, RAW, headers(moved), NOW_MS)).toEqual({ ok: false, reason: 'bad signature' });
    expect(verifyZoomSignature(SECRET, RAW, headers({}), NOW_MS)).toEqual({ ok: false, reason: 'unsigned' });
    expect(verifyZoomSignature(SECRET, RAW, headers({ 'x-zm-request-timestamp': 'soon', 'x-zm-signature': 'v0=00' }), NOW_MS)).toEqual({
      ok: false,
      reason: 'bad timestamp',
    });
  });
});

describe("Zoom's URL validation challenge", () => {
  it('answers plainToken and its HMAC-SHA256 in hex (vector made with openssl)', () => {
    // echo -n hello-plain-token | openssl dgst -sha256 -hmac zoom-secret-token-for-tests
    expect(urlValidationAnswer(SECRET, 'hello-plain-token')).toEqual({
      plainToken: 'hello-plain-token',
      encryptedToken: '7f1f947d763416d7b1d9fed91536bc9fe2716035a97716f7b95eddb35f24512c',
    });
  });
});
