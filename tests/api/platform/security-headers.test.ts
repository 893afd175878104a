/**
 * Netlify's [[headers]] rules cover only the files it serves: every function answer must carry
 * the same security headers itself, whatever its status or content type.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, login } from '../../../netlify/lib/accounts/index.ts';
import { env, hmacSha256Hex, SECURITY_HEADERS } from '../../../netlify/lib/platform/index.ts';
import { imageStore } from '../../../netlify/lib/images/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { build } from '../../support/factories.ts';

useTestDatabase();
let adminToken = '';
const imageBytes = Buffer.from('RIFF\0\0\0\0WEBPVP8 fake image bytes');
const imageId = createHash('sha256').update(imageBytes).digest('hex');

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  await createAccount({
    role: 'admin',
    email: 'headers-admin@aspira.example',
    password: 'admin-pass-123',
    firstName: 'H',
    lastName: 'Admin',
  });
  adminToken = (await login('admin', 'headers-admin@aspira.example', 'admin-pass-123')).token;
  await imageStore().save({ id: imageId, contentType: 'image/webp', width: 1, height: 1, bytes: imageBytes });
});

const webhookBody = JSON.stringify({ event: 'order.paid', payload: {} });
const answers: [string, () => ReturnType<typeof call>, number][] = [
  ['course list (200 JSON)', () => call('GET', '/api/v1/course/courses'), 200],
  [
    'contact form (201)',
    () =>
      call('POST', '/api/v1/user/contactus', {
        body: build.contact({ Name: '', Number: '98100 42424', email: 'h@example.com', comments: 'Hi' }),
      }),
    201,
  ],
  ['bad body (400)', () => call('POST', '/api/v1/user/contactus', { body: { email: 'nope' } }), 400],
  ['no session (401)', () => call('GET', '/api/v1/user/me'), 401],
  [
    'closed admin signup (403)',
    () =>
      call('POST', '/api/v1/admin/signup', { body: { lastName: 'X', email: 'x@example.com', password: 'long-enough-1', inviteCode: 'x' } }),
    403,
  ],
  ['unknown course (404)', () => call('GET', '/api/v1/course/ffffffffffffffffffffffff'), 404],
  ['wrong method (405)', () => call('DELETE', '/api/v1/otp/send'), 405],
  [
    'too large (413)',
    () => call('POST', '/api/v1/otp/send', { rawBody: 'x'.repeat(70 * 1024), headers: { 'content-type': 'application/json' } }),
    413,
  ],
  ['not JSON (415)', () => call('POST', '/api/v1/otp/send', { rawBody: 'email=a', headers: { 'content-type': 'text/plain' } }), 415],
  ['CSV download', () => call('GET', '/api/v1/admin/leads?kind=contact&format=csv', { token: adminToken }), 200],
  ['image', () => call('GET', `/api/v1/images/${imageId}`), 200],
  [
    'payments webhook',
    () =>
      call('POST', '/api/v1/payment/webhook', {
        rawBody: webhookBody,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacSha256Hex(env().SANDBOX_PAYMENT_SECRET, webhookBody) },
      }),
    200,
  ],
  [
    'bad webhook signature (400)',
    () => call('POST', '/api/v1/payment/webhook', { rawBody: webhookBody, headers: { 'x-razorpay-signature': 'f'.repeat(64) } }),
    400,
  ],
];

describe('security headers on function answers', () => {
  for (const [label, send, status] of answers) {
    it(label, async () => {
      const res = await send();
      expect(res.status, res.text).toBe(status);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);
      expect(res.headers.get('x-request-id')).toBe('test');
    });
  }

  it('the image keeps its own type and cache policy', async () => {
    const res = await call('GET', `/api/v1/images/${imageId}`);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
