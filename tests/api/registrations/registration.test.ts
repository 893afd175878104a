import { describe, expect, it } from 'vitest';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { latestOtp, newEmail, nextIp, openFeeOrder, registered, registrationForm, sandboxPay, verifiedToken } from './kit.ts';

const db = useTestDatabase({ CUSTOM_AMOUNT_CAP_RUPEES: '200000' });

async function registerUnpaid(body: Record<string, unknown>) {
  return call('POST', '/api/v1/user/register-unpaid', { body, ip: nextIp() });
}

describe('POST /user/register-unpaid', () => {
  it('registers a verified email as unpaid, once per token', async () => {
    const email = newEmail();
    const verificationToken = await verifiedToken(db, email);
    const answer = await registerUnpaid({ ...registrationForm(email), verificationToken });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Registered successfully as unpaid user!',
      registration: { name: 'Asha Verma', email, phone: '+91 98765 43210', status: 'unpaid' },
      registrationToken: expect.stringMatching(/^[\w-]{40,}$/),
    });
    const [row] =
      await db.sql`select name, father_name, highschool_percent::float as hs, university_percent, status, access_token_hash from registrations where email = ${email}`;
    expect(row).toMatchObject({ name: 'Asha Verma', father_name: 'Ravi Verma', hs: 86.5, university_percent: null, status: 'unpaid' });
    expect(row?.access_token_hash).not.toBe(answer.body.registrationToken);
    // The token was used up.
    const again = await registerUnpaid({ ...registrationForm(email), verificationToken });
    expect(again.status).toBe(403);
    expect(again.body.errors).toBe('Please verify your OTP first.');
  });

  it("refuses a registration without a token, with a made-up token or with another email's token: nothing written", async () => {
    const before = await count(db, 'registrations');
    const email = newEmail();
    const none = await registerUnpaid(registrationForm(email));
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual(['verificationToken: Please verify your OTP first.']);
    const madeUp = await registerUnpaid({ ...registrationForm(email), verificationToken: 'A'.repeat(43) });
    expect(madeUp.status).toBe(403);
    const otherToken = await verifiedToken(db, newEmail('other'));
    const borrowed = await registerUnpaid({ ...registrationForm(email), verificationToken: otherToken });
    expect(borrowed.status).toBe(403);
    expect(borrowed.body.errors).toBe('Please verify your OTP first.');
    expect(await count(db, 'registrations')).toBe(before);
  });

  it('refuses an expired verification token', async () => {
    const email = newEmail();
    const verificationToken = await verifiedToken(db, email);
    await db.sql`update otp_verification_tokens set expires_at = now() - interval '1 second' where email = ${email}`;
    expect((await registerUnpaid({ ...registrationForm(email), verificationToken })).status).toBe(403);
  });

  it('names every missing required field and keeps the token usable', async () => {
    const email = newEmail();
    const verificationToken = await verifiedToken(db, email);
    const before = await count(db, 'registrations');
    const empty = await registerUnpaid({ email, name: '', phone: '', fatherName: ' ', highschool: '', motivation: '', verificationToken });
    expect(empty.status).toBe(400);
    for (const field of ['name', 'phone', 'fatherName', 'highschool', 'motivation']) {
      expect(empty.body.errors).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${field}: `))]));
    }
    const bad = await registerUnpaid({
      ...registrationForm(email),
      highschool: '120',
      university: 'abc',
      phone: '12',
      verificationToken,
      extra: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^highschool: /),
        expect.stringMatching(/^university: /),
        expect.stringMatching(/^phone: /),
        'Unknown field: extra',
      ]),
    );
    expect(await count(db, 'registrations')).toBe(before);
    expect((await registerUnpaid({ ...registrationForm(email), verificationToken })).status).toBe(201);
  });
});

describe('POST /payment/create-order', () => {
  it('needs the buyer state, a valid GSTIN of that state: 400 naming the field, nothing written', async () => {
    const { registrationToken } = await registered(db);
    const before = await count(db, 'payment_orders');
    const none = await call('POST', '/api/v1/payment/create-order', { body: { registrationToken, feeOption: 'online' }, ip: nextIp() });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([expect.stringMatching(/^state: Choose your state/)]);
    const typo = await createOrder({ registrationToken, feeOption: 'online', state: '27', gstin: '27AAPFU0939F1ZW', businessName: 'Acme' });
    expect(typo.status).toBe(400);
    expect(typo.body.errors).toEqual([expect.stringMatching(/^gstin: .*last character/)]);
    const elsewhere = await createOrder({
      registrationToken,
      feeOption: 'online',
      state: '29',
      gstin: '27AAPFU0939F1ZV',
      businessName: 'Acme',
    });
    expect(elsewhere.body.errors).toEqual([expect.stringMatching(/^state: This GSTIN is registered in Maharashtra/)]);
    expect(await count(db, 'payment_orders')).toBe(before);
  });

  /** The buyer's state is part of every order (the tax invoice's place of supply). */
  async function createOrder(body: Record<string, unknown>) {
    return call('POST', '/api/v1/payment/create-order', { body: { state: '29', ...body }, ip: nextIp() });
  }

  it('sets the amount from the fee table and ignores any client amount for preset options', async () => {
    const { registrationToken, registrationId } = await registered(db);
    const expected: Record<string, number> = {
      online: 250_000,
      hybrid: 850_000,
      discover: 15_157_050,
      elevate: 5_000_000,
      plor: 13_000_000,
      admit: 1_100_000,
    };
    for (const [feeOption, paise] of Object.entries(expected)) {
      const answer = await createOrder({ registrationToken, feeOption, amount: 1 });
      expect(answer.status).toBe(201);
      expect(answer.body.order).toMatchObject({ id: expect.stringMatching(/^order_/), amount: paise, currency: 'INR' });
      expect(answer.body.checkout).toMatchObject({
        key: 'rzp_test_sandbox',
        mode: 'sandbox',
        amount: paise,
        orderId: answer.body.order.id,
      });
      const [row] =
        await db.sql`select amount_paise::int as amount, fee_option, registration_id from registration_payments where order_id = ${answer.body.order.id}`;
      expect(row).toEqual({ amount: paise, fee_option: feeOption, registration_id: registrationId });
      const [ledger] =
        await db.sql`select amount_paise::int as amount, purpose, status from payment_orders where id = ${answer.body.order.id}`;
      expect(ledger).toEqual({ amount: paise, purpose: 'registration', status: 'created' });
    }
    const junk = await createOrder({ registrationToken, feeOption: 'hybrid', amount: 'free' });
    expect(junk.body.order.amount).toBe(850_000);
  });

  it('takes a custom amount >= 1 and <= the cap, in rupees with up to 2 decimals', async () => {
    const { registrationToken } = await registered(db);
    expect((await createOrder({ registrationToken, feeOption: 'custom', amount: 1 })).body.order.amount).toBe(100);
    expect((await createOrder({ registrationToken, feeOption: 'custom', amount: '2500.50' })).body.order.amount).toBe(250_050);
    expect((await createOrder({ registrationToken, feeOption: 'custom', amount: 200000 })).body.order.amount).toBe(20_000_000);
  });

  it('refuses custom amounts below 1, non-numeric, missing or over the cap, and writes nothing', async () => {
    const { registrationToken } = await registered(db);
    const before = [await count(db, 'payment_orders'), await count(db, 'registration_payments'), await count(db, 'sandbox_orders')];
    for (const amount of [0, 0.99, -5, '0', 'abc', '1e3', '12.345', null, true, [], {}, 200000.01, '999999999']) {
      const answer = await createOrder({ registrationToken, feeOption: 'custom', amount });
      expect(answer.status, `amount ${JSON.stringify(amount)}`).toBe(400);
      expect(answer.body.errors).toEqual([expect.stringMatching(/^amount: /)]);
    }
    const missing = await createOrder({ registrationToken, feeOption: 'custom' });
    expect(missing.body.errors).toEqual(['amount: Enter an amount']);
    const below = await createOrder({ registrationToken, feeOption: 'custom', amount: 0.5 });
    expect(below.body.errors).toEqual(['amount: The amount must be at least ₹1']);
    const over = await createOrder({ registrationToken, feeOption: 'custom', amount: 200001 });
    expect(over.body.errors).toEqual(['amount: The amount can be at most ₹2,00,000']);
    expect([await count(db, 'payment_orders'), await count(db, 'registration_payments'), await count(db, 'sandbox_orders')]).toEqual(
      before,
    );
  });

  it('refuses an unknown fee option and an unknown registration: nothing written', async () => {
    const { registrationToken } = await registered(db);
    const before = await count(db, 'payment_orders');
    const option = await createOrder({ registrationToken, feeOption: 'platinum' });
    expect(option.status).toBe(400);
    expect(option.body.errors).toEqual([expect.stringMatching(/^feeOption: /)]);
    const stranger = await createOrder({ registrationToken: 'B'.repeat(43), feeOption: 'hybrid' });
    expect(stranger.status).toBe(401);
    const none = await createOrder({ feeOption: 'hybrid' });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([expect.stringMatching(/^registrationToken: /)]);
    expect(await count(db, 'payment_orders')).toBe(before);
  });

  it('a second registration with the same email updates it and retires the old access token', async () => {
    const first = await registered(db);
    await db.sql`update rate_limits set window_start = window_start - interval '61 seconds' where key like 'otp-send-email-minute:%'`;
    const second = await registered(db, first.email);
    expect(second.registrationId).toBe(first.registrationId);
    expect((await createOrder({ registrationToken: first.registrationToken, feeOption: 'online' })).status).toBe(401);
    const order = await openFeeOrder(second.registrationToken, 'online');
    expect(order.amount).toBe(250_000);
  });

  it('refuses a second fee order for a paid registration with 409 and writes nothing', async () => {
    const { registrationToken, registrationId } = await registered(db);
    const order = await openFeeOrder(registrationToken, 'online');
    const result = await sandboxPay(order.orderId);
    const paid = await call('POST', '/api/v1/user/register-paid', { body: { registrationToken, ...result }, ip: nextIp() });
    expect(paid.status).toBe(200);
    const before = [await count(db, 'payment_orders'), await count(db, 'registration_payments'), await count(db, 'sandbox_orders')];
    for (const body of [
      { registrationToken, feeOption: 'hybrid' },
      { registrationToken, feeOption: 'custom', amount: 10 },
    ]) {
      const again = await createOrder(body);
      expect(again.status).toBe(409);
      expect(again.body.errors).toBe(
        `This registration is already paid (₹2,500, payment ${result.razorpay_payment_id}). Your receipt was sent to your email.`,
      );
    }
    expect([await count(db, 'payment_orders'), await count(db, 'registration_payments'), await count(db, 'sandbox_orders')]).toEqual(
      before,
    );
    const rows = await db.sql`select status from registration_payments where registration_id = ${registrationId}`;
    expect(rows).toEqual([{ status: 'paid' }]);
  });
});

describe('OTP resend limit', () => {
  it('is per address: a corrected email gets a code at once, the same address waits', async () => {
    const ip = nextIp();
    const typo = newEmail('typo');
    const fixed = newEmail('fixed');
    expect((await call('POST', '/api/v1/otp/send', { body: { email: typo }, ip })).status).toBe(200);
    const again = await call('POST', '/api/v1/otp/send', { body: { email: typo }, ip });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call('POST', '/api/v1/otp/send', { body: { email: fixed }, ip })).status).toBe(200);
    expect(await latestOtp(db, fixed)).toMatch(/^\d{6}$/);
  });
});
