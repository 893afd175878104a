/**
 * A Netlify deploy preview without Razorpay or Postmark keys: nobody can "pay" for free, no
 * session signed with the public development secret is accepted, emails wait in the outbox, and
 * without JWT_SECRET the functions refuse to run at all. Netlify hands functions the deploy
 * context with each request (context.deploy.context), as call() does here.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '../../../netlify/lib/platform/index.ts';
import { call, count, signupVerifiedLearner, useTestDatabase } from '../support/harness.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase();
const PREVIEW = { deploy: { context: 'deploy-preview' } };
const REAL_SECRET = 'preview-secret-0123456789abcdefghijklmnop';
const DM = '6801c2a4f1e2b3c4d5e6fd57';
const NOT_CONFIGURED = 'Payments are not configured on this deployment';
const signature = 'a'.repeat(64);

beforeAll(() => {
  Object.assign(process.env, { JWT_SECRET: REAL_SECRET, SITE_URL: 'https://deploy-preview-7--aspira.netlify.app' });
  resetEnvForTests();
});
afterAll(() => {
  delete process.env.JWT_SECRET;
  delete process.env.SITE_URL;
  resetEnvForTests();
});

const preview = (method: string, path: string, options: Parameters<typeof call>[2] = {}) =>
  call(method, path, { ...options, context: PREVIEW });

let learner: { id: string; token: string };

describe('a deploy preview without keys', () => {
  it('signs sessions with its own secret and refuses one signed with the development secret', async () => {
    const { id, token } = await signupVerifiedLearner(
      { email: 'preview.learner@example.com', firstName: 'Pia', lastName: 'View', ip: '192.0.2.77' },
      { context: PREVIEW },
    );
    learner = { id, token };
    expect((await preview('GET', '/api/v1/user/me', { token: learner.token })).status).toBe(200);
    expect((await preview('PUT', '/api/v1/billing', { token: learner.token, body: { state: '06' } })).status).toBe(200);

    const forged = await new SignJWT({ role: 'user', tv: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(learner.id)
      .setIssuer('aspira')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('local-development-secret-not-for-production-use'));
    const refused = await preview('GET', '/api/v1/user/me', { token: forged });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ errors: 'Your session has expired. Please log in again.' });
  });

  it('answers 503 on every payment endpoint, and writes nothing', async () => {
    const before = [await count(db, 'payment_orders'), await count(db, 'course_orders'), await count(db, 'payment_events')];
    const answers = [
      await preview('POST', '/api/v1/payment/create-order', {
        body: { registrationToken: 'x'.repeat(40), feeOption: 'online', state: '06' },
      }),
      await preview('POST', '/api/v1/user/register-paid', {
        body: {
          registrationToken: 'x'.repeat(40),
          razorpay_order_id: 'order_Abc',
          razorpay_payment_id: 'pay_Abc',
          razorpay_signature: signature,
        },
      }),
      await preview('POST', `/api/v1/course/buy/${DM}`, { token: learner.token }),
      await preview('POST', '/api/v1/order', {
        token: learner.token,
        body: { courseId: DM, razorpay_order_id: 'order_Abc', razorpay_payment_id: 'pay_Abc', razorpay_signature: signature },
      }),
      await preview('POST', '/api/v1/payment/webhook', {
        rawBody: JSON.stringify({ event: 'payment.captured', payload: {} }),
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      }),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(503);
      expect(answer.body).toEqual({ errors: NOT_CONFIGURED });
    }
    // The sandbox checkout does not exist here.
    expect((await preview('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: 'order_Abc', outcome: 'success' } })).status).toBe(404);
    expect([await count(db, 'payment_orders'), await count(db, 'course_orders'), await count(db, 'payment_events')]).toEqual(before);
  });

  it('keeps emails pending in the outbox (never "delivered" to a console) and logs a warning', async () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    process.env.LOG_LEVEL = 'warn';
    resetEnvForTests();
    try {
      const res = await preview('POST', '/api/v1/user/contactus', {
        body: build.contact({ Name: 'Asha', Number: '98100 42424', email: 'asha.preview@example.com', comments: 'Hello' }),
        ip: '192.0.2.78',
      });
      expect(res.status).toBe(201);
      const rows = await db.sql`select status, attempts, sent_at from email_outbox where to_address = 'asha.preview@example.com'`;
      expect(rows).toEqual([{ status: 'pending', attempts: 0, sent_at: null }]);
      expect(print).not.toHaveBeenCalledWith(expect.stringContaining('EMAIL to asha.preview@example.com'));
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('no mailer is configured on this deployment'));
    } finally {
      process.env.LOG_LEVEL = 'silent';
      resetEnvForTests();
      warn.mockRestore();
      print.mockRestore();
    }
  });
});

describe('a deploy preview without JWT_SECRET', () => {
  it('refuses to run: 503 in the error shape, no internals, on every function', async () => {
    delete process.env.JWT_SECRET;
    resetEnvForTests();
    try {
      for (const [method, path] of [
        ['GET', '/api/v1/course/courses'],
        ['POST', '/api/v1/user/login'],
        ['POST', '/api/v1/otp/send'],
        ['GET', '/api/v1/otp/send'], // a 405 elsewhere
      ] as const) {
        const res = await preview(method, path, method === 'POST' ? { body: { email: 'a@example.com', password: 'x' } } : {});
        expect(res.status, path).toBe(503);
        expect(res.body.errors).toMatch(/^This service is not available on this deployment yet\. \(Reference test\)$/);
        expect(res.text).not.toMatch(/JWT|SECRET|Error/);
        expect(res.headers.get('x-frame-options')).toBe('DENY');
      }
    } finally {
      process.env.JWT_SECRET = REAL_SECRET;
      resetEnvForTests();
    }
  });

  it('a local run (no deploy context) still runs with the development secret', async () => {
    delete process.env.JWT_SECRET;
    resetEnvForTests();
    try {
      expect((await call('GET', '/api/v1/course/courses')).status).toBe(200);
    } finally {
      process.env.JWT_SECRET = REAL_SECRET;
      resetEnvForTests();
    }
  });
});
