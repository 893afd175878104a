/**
 * Helpers for the registration and payment API tests: walk a visitor through OTP, registration,
 * order and sandbox checkout with real requests. The OTP is read where a person reads it: the email.
 */
import { call, type TestDatabase } from '../support/harness.ts';
import { build } from '../../support/factories.ts';

let ipCounter = 1;
/** A fresh client address per visitor, so per-IP limits of one test do not leak into another. */
export function nextIp(): string {
  ipCounter++;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let emailCounter = 0;
export function newEmail(label = 'learner'): string {
  emailCounter++;
  return `${label}.${process.pid}.${emailCounter}@example.com`;
}

/** The code in the newest OTP email to this address. */
export async function latestOtp(db: TestDatabase, email: string): Promise<string> {
  const [row] = await db.sql<{ text_body: string }[]>`
    select text_body from email_outbox where to_address = ${email} and tag = 'otp' order by id desc limit 1`;
  const code = row?.text_body.match(/verification code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no OTP email for ${email}`);
  return code;
}

export async function verifiedToken(db: TestDatabase, email: string, ip = nextIp()): Promise<string> {
  const sent = await call('POST', '/api/v1/otp/send', { body: { email }, ip });
  if (sent.status !== 200) throw new Error(`otp/send ${sent.status} ${sent.text}`);
  const verified = await call('POST', '/api/v1/otp/verify', { body: { email, otp: await latestOtp(db, email) }, ip });
  if (verified.status !== 200) throw new Error(`otp/verify ${verified.status} ${verified.text}`);
  return verified.body.verificationToken as string;
}

/** The registration form of an adult applicant (tests/support/factories.ts) at `email`. */
export function registrationForm(email: string) {
  return build.registration({ email });
}

/** A birth date that makes the person `age` today (1 January of that year). */
export const bornYearsAgo = (age: number) => `${new Date().getUTCFullYear() - age}-01-01`;

/** Registers `email` (an adult unless `extra` says otherwise: a birth date and a parent). */
export async function registered(
  db: TestDatabase,
  email = newEmail(),
  extra: Record<string, unknown> = {},
): Promise<{ email: string; registrationToken: string; registrationId: string }> {
  const ip = nextIp();
  const verificationToken = await verifiedToken(db, email, ip);
  const answer = await call('POST', '/api/v1/user/register-unpaid', {
    body: { ...registrationForm(email), verificationToken, ...extra },
    ip,
  });
  if (answer.status !== 201) throw new Error(`register-unpaid ${answer.status} ${answer.text}`);
  return { email, registrationToken: answer.body.registrationToken, registrationId: answer.body.registration._id };
}

/** Opens the fee order; `billing` is the buyer's state (Haryana, the supplier's, by default) and optional GSTIN. */
export async function openFeeOrder(
  registrationToken: string,
  feeOption = 'hybrid',
  amount?: unknown,
  billing: { state: string; gstin?: string; businessName?: string } = { state: '06' },
): Promise<{ orderId: string; amount: number }> {
  const answer = await call('POST', '/api/v1/payment/create-order', {
    body: { registrationToken, feeOption, ...billing, ...(amount !== undefined ? { amount } : {}) },
    ip: nextIp(),
  });
  if (answer.status !== 201) throw new Error(`create-order ${answer.status} ${answer.text}`);
  return { orderId: answer.body.order.id, amount: answer.body.order.amount };
}

/** The sandbox checkout's "Pay": a correctly signed result. */
export async function sandboxPay(
  orderId: string,
): Promise<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }> {
  const answer = await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId, outcome: 'success' } });
  if (answer.status !== 200 || !answer.body.success) throw new Error(`sandbox/pay ${answer.status} ${answer.text}`);
  const { success: _s, ...result } = answer.body;
  return result;
}
