/**
 * Text PostgreSQL refuses (NUL), other control characters and lone surrogates, in any string field
 * of any endpoint (JSON bodies, query strings, path parameters, multipart fields): always a 400
 * naming the field, never a 500, and nothing written.
 */
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccount, login } from '../../../netlify/lib/accounts/index.ts';
import { BAD_TEXT, TOO_DEEP } from '../../../netlify/lib/platform/index.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';

const db = useTestDatabase({ LEAD_RATE_LIMIT_PER_10_MIN: '100000', ADMIN_INVITE_CODE: 'text-invite' });
const PASSWORD = 'Quiet-harbor-lantern-42';
let userToken = '';
let adminToken = '';
beforeAll(async () => {
  await createAccount({ role: 'user', email: 'text-user@example.com', password: PASSWORD, firstName: 'T', lastName: 'U' });
  await createAccount({ role: 'admin', email: 'text-admin@aspira.example', password: PASSWORD, firstName: 'T', lastName: 'A' });
  userToken = (await login('user', 'text-user@example.com', PASSWORD)).token;
  adminToken = (await login('admin', 'text-admin@aspira.example', PASSWORD)).token;
});
beforeEach(() => void vi.spyOn(console, 'log').mockImplementation(() => {}));

let ipCounter = 0;
const ip = () => `10.7.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

/** A string with at least one character we must not store, somewhere inside. */
const badChar = fc.oneof(
  fc.integer({ min: 0, max: 8 }),
  fc.constantFrom(0x0b, 0x0c, 0x0e, 0x1b, 0x1f, 0x7f, 0x85, 0x9f),
  fc.integer({ min: 0xd800, max: 0xdfff }), // a lone surrogate
);
const around = (char: fc.Arbitrary<number>) =>
  fc
    .tuple(fc.string({ maxLength: 10 }), char, fc.string({ maxLength: 10 }))
    .map(([before, code, after]) => `${before}${String.fromCharCode(code)}${after}`);
const badText = around(badChar);
// URLs and multipart bodies travel as UTF-8: a lone surrogate arrives as U+FFFD, so only controls.
const badControl = around(fc.oneof(fc.integer({ min: 0, max: 8 }), fc.constantFrom(0x0b, 0x1b, 0x7f, 0x85)));

const CHECKOUT = { razorpay_order_id: 'order_X', razorpay_payment_id: 'pay_X', razorpay_signature: 'a'.repeat(64) };
const JSON_ENDPOINTS: { path: string; token?: string; body: Record<string, unknown> }[] = [
  { path: '/api/v1/user/signup', body: { firstName: 'Asha', lastName: 'Rao', email: 'a@example.com', password: PASSWORD } },
  { path: '/api/v1/user/login', body: { email: 'a@example.com', password: PASSWORD } },
  { path: '/api/v1/user/password', token: 'user', body: { currentPassword: PASSWORD, newPassword: `${PASSWORD}!` } },
  {
    path: '/api/v1/admin/signup',
    body: { firstName: 'A', lastName: 'B', email: 'b@aspira.example', password: PASSWORD, inviteCode: 'text-invite' },
  },
  { path: '/api/v1/admin/login', body: { email: 'b@aspira.example', password: PASSWORD } },
  { path: '/api/v1/user/contactus', body: { Name: 'Asha', Number: '9810042424', email: 'a@example.com', comments: 'Hi' } },
  {
    path: '/api/v1/user/scholarship',
    body: { name: 'Meera', email: 'm@example.com', phone: '9876543210', institute: 'DU', message: 'Please' },
  },
  { path: '/api/v1/user/tank', body: { Name: 'Kabir', startupName: 'S', comments: 'c', startupIdea: 'i', pitchDeckLink: 'x' } },
  { path: '/api/v1/otp/send', body: { email: 'o@example.com' } },
  { path: '/api/v1/otp/verify', body: { email: 'o@example.com', otp: '123456' } },
  { path: '/api/v1/user/register-unpaid', body: { name: 'Asha', email: 'r@example.com', sop: 'x', verificationToken: 't' } },
  { path: '/api/v1/payment/create-order', body: { feeOption: 'online', registrationToken: 't' } },
  { path: '/api/v1/payment/sandbox/pay', body: { orderId: 'order_X', outcome: 'success' } },
  { path: '/api/v1/user/register-paid', body: { registrationToken: 't', ...CHECKOUT } },
  { path: '/api/v1/order', token: 'user', body: { courseId: '6801c2a4f1e2b3c4d5e6fd57', ...CHECKOUT } },
];

describe.each(JSON_ENDPOINTS)('$path', (endpoint) => {
  it('answers 400 naming the field for bad text in any string field (or field name), writing nothing', async () => {
    const token = endpoint.token === 'user' ? userToken : undefined;
    const before = await count(db, 'email_outbox');
    const fields = Object.keys(endpoint.body);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), badText, async (field, text) => {
        const res = await call('POST', endpoint.path, { body: { ...endpoint.body, [field]: text }, token, ip: ip() });
        expect(res.status, `${res.text} for ${field}=${JSON.stringify(text)}`).toBe(400);
        expect(res.body.errors).toContain(`${field}: ${BAD_TEXT}`);
      }),
      { numRuns: 12 },
    );
    const key = await call('POST', endpoint.path, { body: { ...endpoint.body, ['bad\u0000key']: 'x' }, token, ip: ip() });
    expect(key.status).toBe(400);
    expect(await count(db, 'email_outbox')).toBe(before);
  });
});

describe('deeply nested JSON', () => {
  const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('5,000 nested objects or 20,000 nested arrays to login answer 400 with a clear message, never 500', async () => {
    for (const rawBody of [nestedObjects(5_000), nestedArrays(20_000), `{"email":${nestedArrays(20_000)}}`]) {
      const res = await call('POST', '/api/v1/user/login', { rawBody, headers: { 'content-type': 'application/json' }, ip: ip() });
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors).toBe(TOO_DEEP);
    }
  });

  it.each(JSON_ENDPOINTS)('$path answers 400 to a deep value inside a field, writing nothing', async (endpoint) => {
    const token = endpoint.token === 'user' ? userToken : undefined;
    const before = await count(db, 'email_outbox');
    const [field] = Object.keys(endpoint.body);
    const rawBody = JSON.stringify({ ...endpoint.body, [field!]: null }).replace('null', nestedObjects(5_000));
    const res = await call('POST', endpoint.path, { rawBody, headers: { 'content-type': 'application/json' }, token, ip: ip() });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toBe(TOO_DEEP);
    expect(await count(db, 'email_outbox')).toBe(before);
  });

  it('a body as deep as the limit still reaches the schema (the limit is not a reason of its own)', async () => {
    const rawBody = `{"email":"a@example.com","password":"x","extra":${nestedArrays(30)}}`;
    const res = await call('POST', '/api/v1/user/login', { rawBody, headers: { 'content-type': 'application/json' }, ip: ip() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['Unknown field: extra']);
  });
});

describe('query strings, path parameters and multipart fields', () => {
  it('the admin inbox search (q=a%00b) and every other query value answer 400 naming the parameter', async () => {
    const res = await call('GET', '/api/v1/admin/leads?q=a%00b', { token: adminToken });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([`q: ${BAD_TEXT}`]);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('q', 'kind', 'from', 'format'), badControl, async (name, text) => {
        const query = new URLSearchParams({ [name]: text }).toString();
        const answer = await call('GET', `/api/v1/admin/leads?${query}`, { token: adminToken });
        expect(answer.status, answer.text).toBe(400);
        expect(answer.body.errors).toContain(`${name}: ${BAD_TEXT}`);
      }),
      { numRuns: 15 },
    );
  });

  it('a NUL in a path parameter is a 400', async () => {
    const res = await call('GET', '/api/v1/course/6801c2a4f1e2b3c4d5e6fd57%00');
    expect(res.status).toBe(400);
  });

  it('course create: bad text in any multipart field is a 400 naming it, before the image is touched', async () => {
    const before = await count(db, 'courses');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('title', 'description', 'price', 'listPrice', 'duration'), badControl, async (field, text) => {
        const form = new FormData();
        const fields: Record<string, string> = { title: 'T', description: 'D', price: '100', listPrice: '200', duration: '4 weeks' };
        for (const [key, value] of Object.entries({ ...fields, [field]: text })) form.append(key, value);
        form.append('image', new File([new Uint8Array([0xff, 0xd8, 0xff])], 'x.jpg', { type: 'image/jpeg' }));
        const res = await call('POST', '/api/v1/course/create', { rawBody: form, token: adminToken });
        expect(res.status, res.text).toBe(400);
        expect(res.body.errors).toContain(`${field}: ${BAD_TEXT}`);
      }),
      { numRuns: 15 },
    );
    expect(await count(db, 'courses')).toBe(before);
  });
});
