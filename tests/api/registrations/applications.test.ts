import { describe, expect, it } from 'vitest';
import { call, useTestDatabase } from '../support/harness.ts';
import { learnerAccount, paidRegistration } from '../privacy/kit.ts';
import { newEmail, registered } from './kit.ts';

const db = useTestDatabase();

describe('GET /api/v1/user/applications', () => {
  it('needs a session', async () => {
    const res = await call('GET', '/api/v1/user/applications');
    expect(res.status).toBe(401);
    expect(res.body.errors).toBeTruthy();
  });

  it('shows a paid registration, with every payment, to the account whose CONFIRMED email matches (registered before the account existed)', async () => {
    const email = newEmail('applicant');
    const { registrationId, orderId, paymentId } = await paidRegistration(db, email);
    const { token } = await learnerAccount(db, email);
    const res = await call('GET', '/api/v1/user/applications', { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.emailVerified).toBe(true);
    expect(res.body.applications).toHaveLength(1);
    const [application] = res.body.applications;
    expect(application).toMatchObject({ _id: registrationId, programme: 'Hybrid programme', status: 'fee-paid' });
    expect(application.nextSteps).toMatch(/within 48 hours/);
    expect(application.payments).toEqual([
      expect.objectContaining({
        paymentId,
        orderId,
        amount: 8500,
        programName: 'Hybrid programme',
        receiptUrl: expect.stringMatching(/^\/api\/v1\/invoices\/\d+\/pdf\?key=/),
      }),
    ]);
    // The receipt link opens the payment's tax invoice.
    const receipt = await call('GET', application.payments[0].receiptUrl);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect(application.payments[0].refunded).toBe(0);

    // A processed refund of part of the fee shows with the payment.
    const [me] = await db.sql<{ id: string }[]>`select id from accounts where role = 'user' and email = ${email}`;
    await db.sql`insert into refunds (order_id, payment_id, amount_paise, reason, requested_by, idempotency_key, status, processed_at)
                 values (${orderId}, ${paymentId}, 250000, 'Programme changed', ${me!.id}, ${`test-${orderId}`}, 'processed', now())`;
    const after = await call('GET', '/api/v1/user/applications', { token });
    expect(after.body.applications[0].payments[0].refunded).toBe(2500);
    expect(Date.parse(application.payments[0].paidAt)).not.toBeNaN();
  });

  it('shows an unpaid registration as registered, with no payment', async () => {
    const email = newEmail('unpaid');
    await registered(db, email);
    const { token } = await learnerAccount(db, email);
    const res = await call('GET', '/api/v1/user/applications', { token });
    expect(res.body.applications).toEqual([expect.objectContaining({ status: 'registered', payments: [] })]);
  });

  it('shows nothing to an account whose email is not confirmed yet', async () => {
    const email = newEmail('unconfirmed');
    await paidRegistration(db, email);
    const { token } = await learnerAccount(db, email, { verified: false });
    const res = await call('GET', '/api/v1/user/applications', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ emailVerified: false, applications: [] });
  });

  it("never shows another person's registration", async () => {
    const someoneElse = newEmail('other');
    await paidRegistration(db, someoneElse);
    const { token } = await learnerAccount(db, newEmail('me'));
    const res = await call('GET', '/api/v1/user/applications', { token });
    expect(res.body).toEqual({ emailVerified: true, applications: [] });
  });
});
