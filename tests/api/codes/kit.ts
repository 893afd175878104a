/** Helpers for the code tests: an owner who creates codes, learners who buy with them. */
import { expect } from 'vitest';
import { call, testAccount } from '../support/harness.ts';

export const DM = '6801c2a4f1e2b3c4d5e6fd57'; // Digital Marketing, ₹2,49,000 (GST included)
export const PM = '6801c2a4f1e2b3c4d5e6fd68'; // Product Management, ₹2,99,000
export const DM_PAISE = 24_900_000;

export const account = (role: 'user' | 'admin', adminRole?: 'owner' | 'counsellor') => testAccount(role, adminRole, 'codes');

let ownerToken: string | undefined;
export const owner = async () => (ownerToken ??= (await account('admin', 'owner')).token);

let codes = 0;
/** Creates a code through the admin API; answers its summary. */
export async function newCode(fields: Record<string, unknown> = {}) {
  codes++;
  const body = { code: `TEST-${process.pid % 10000}-${codes}`, kind: 'percent', percentOff: 10, scope: 'all-courses', ...fields };
  const res = await call('POST', '/api/v1/admin/codes', { token: await owner(), body });
  expect(res.status, res.text).toBe(201);
  return res.body.code as { id: string; code: string };
}

export async function buy(token: string, code?: string, courseId = DM) {
  expect((await call('PUT', '/api/v1/billing', { token, body: { state: '06' } })).status).toBe(200);
  return call('POST', `/api/v1/course/buy/${courseId}`, { token, ...(code !== undefined ? { body: { code } } : {}) });
}

export function preview(
  code: string,
  target: Record<string, unknown> = { kind: 'course', courseId: DM },
  token?: string,
  from = '203.0.113.77',
) {
  return call('POST', '/api/v1/codes/preview', { body: { code, target }, ip: from, ...(token ? { token } : {}) });
}

export async function sandbox(orderId: string, outcome: 'success' | 'failure' = 'success') {
  const res = await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId, outcome } });
  expect(res.status, res.text).toBe(200);
  const { success: _s, ...result } = res.body;
  return result as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}
