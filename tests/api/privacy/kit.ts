/**
 * Helpers for the "My applications" and privacy API tests: learners and owner admins made through
 * the real endpoints, and a registration paid through the sandbox checkout.
 */
import { expect } from 'vitest';
import { call, type TestDatabase } from '../support/harness.ts';
import { nextIp, openFeeOrder, registrationForm, sandboxPay, verifiedToken } from '../registrations/kit.ts';
import { build } from '../../support/factories.ts';

export const PASSWORD = 'violet-harbour-lantern-42';
export const INVITE = 'privacy-invite-code-1234';

/** A learner account, logged in; `verified` marks its email confirmed as the emailed link would. */
export async function learnerAccount(db: TestDatabase, email: string, { verified = true, lastName = 'Verma' } = {}) {
  const ip = nextIp();
  const body = build.signup({ firstName: 'Asha', lastName, email, password: PASSWORD });
  const signup = await call('POST', '/api/v1/user/signup', { body, ip });
  expect(signup.status, signup.text).toBeLessThan(300);
  // Set either way: the test decides, whatever signup does with the address.
  await db.sql`update accounts set email_verified_at = ${verified ? new Date() : null} where role = 'user' and email = ${email}`;
  const login = await call('POST', '/api/v1/user/login', { body: { email, password: PASSWORD }, ip });
  expect(login.status, login.text).toBe(200);
  return { token: login.body.token as string, id: login.body.user._id as string, email };
}

/** An admin (owner unless told), logged in. */
export async function adminAccount(db: TestDatabase, email: string, role: 'owner' | 'counsellor' = 'owner') {
  const ip = nextIp();
  const body = build.adminSignup({ firstName: 'Meera', lastName: 'Iyer', email, password: PASSWORD, inviteCode: INVITE });
  const signup = await call('POST', '/api/v1/admin/signup', { body, ip });
  expect(signup.status, signup.text).toBeLessThan(300);
  await db.sql`update accounts set admin_role = ${role}, email_verified_at = now() where role = 'admin' and email = ${email}`;
  const login = await call('POST', '/api/v1/admin/login', { body: { email, password: PASSWORD }, ip });
  expect(login.status, login.text).toBe(200);
  return { token: login.body.token as string };
}

/** Registers `email` with OTP (as `name`) and pays the hybrid fee (₹8,500) in the sandbox. */
export async function paidRegistration(db: TestDatabase, email: string, name = 'Asha Verma') {
  const ip = nextIp();
  const verificationToken = await verifiedToken(db, email, ip);
  const form = { ...registrationForm(email), name, verificationToken };
  const answer = await call('POST', '/api/v1/user/register-unpaid', { body: form, ip });
  expect(answer.status, answer.text).toBe(201);
  const { registrationToken } = answer.body;
  const registrationId = answer.body.registration._id as string;
  const { orderId } = await openFeeOrder(registrationToken, 'hybrid');
  const result = await sandboxPay(orderId);
  const paid = await call('POST', '/api/v1/user/register-paid', { body: { registrationToken, ...result }, ip: nextIp() });
  expect(paid.status, paid.text).toBe(200);
  return { registrationId, orderId, paymentId: result.razorpay_payment_id };
}
