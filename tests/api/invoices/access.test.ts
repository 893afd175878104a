/**
 * Who may download an invoice (the learner who paid, an owner admin, the keyed link of the email
 * and /success; nobody else), course purchases with their checkout's billing details, and the
 * links other screens use.
 */
import { describe, expect, it } from 'vitest';
import { issueSession } from '../../../netlify/lib/auth/index.ts';
import { db as appDb } from '../../../netlify/lib/platform/index.ts';
import { invoiceLinks, issueCreditNote } from '../../../netlify/lib/invoices/index.ts';
import { call, signupVerifiedLearner, useTestDatabase } from '../support/harness.ts';
import { ledgerOrder, paidFee, pathOf, pdfBytes, pdfText } from './kit.ts';
import { openFeeOrder, registered, sandboxPay } from '../registrations/kit.ts';

const DM = '6801c2a4f1e2b3c4d5e6fd57'; // Digital Marketing, ₹2,49,000

const db = useTestDatabase();

async function adminToken(adminRole: 'owner' | 'counsellor'): Promise<string> {
  const [row] = await db.sql<{ id: string; token_version: number }[]>`
    insert into accounts (role, email, first_name, password_hash, admin_role, email_verified_at)
    values ('admin', ${`${adminRole}.${Date.now()}@aspira.example`}, 'Admin', 'x', ${adminRole}, now())
    returning id, token_version`;
  return (await issueSession({ id: row!.id, role: 'admin', tokenVersion: row!.token_version })).token;
}

/** A registration fee paid through the sandbox checkout, with these billing details. */
describe('course purchases', () => {
  it('buy -> invoice with the billing details of that checkout; purchases link it; the learner, an owner and the key open it, nobody else', async () => {
    const buyer = await signupVerifiedLearner({ firstName: 'Ravi', lastName: 'Shah' });
    const missing = await call('POST', `/api/v1/course/buy/${DM}`, { token: buyer.token });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.stringMatching(/^state: Choose your state/)]);
    const badGstin = await call('PUT', '/api/v1/billing', {
      token: buyer.token,
      body: { state: '27', gstin: '27AAPFU0939F1ZW', businessName: 'X' },
    });
    expect(badGstin.status).toBe(400);
    expect(badGstin.body.errors).toEqual([expect.stringMatching(/^gstin: /)]);
    const saved = await call('PUT', '/api/v1/billing', {
      token: buyer.token,
      body: { state: '27', gstin: '27AAPFU0939F1ZV', businessName: 'Acme Pvt Ltd' },
    });
    expect(saved.status).toBe(200);
    expect((await call('GET', '/api/v1/billing', { token: buyer.token })).body.billing).toEqual({
      state: '27',
      gstin: '27AAPFU0939F1ZV',
      businessName: 'Acme Pvt Ltd',
    });
    const order = await call('POST', `/api/v1/course/buy/${DM}`, { token: buyer.token });
    expect(order.status).toBe(201);
    const checkout = (await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: order.body.orderId, outcome: 'success' } }))
      .body;
    const { success: _s, ...result } = checkout;
    const recorded = await call('POST', '/api/v1/order', { token: buyer.token, body: { courseId: DM, ...result } });
    expect(recorded.status).toBe(200);

    const purchases = await call('GET', '/api/v1/user/purchases', { token: buyer.token });
    const invoice = purchases.body.courseData[0].purchase.invoice;
    expect(invoice).toEqual({
      number: expect.stringMatching(/^ASP\//),
      pdfUrl: expect.stringMatching(/^\/api\/v1\/invoices\/\d+\/pdf\?key=/),
    });
    const [row] = await db.sql<Record<string, string>[]>`select * from invoices where number = ${invoice.number as string}`;
    expect(row).toMatchObject({
      purpose: 'course',
      account_id: buyer.id,
      buyer_name: 'Ravi Shah',
      buyer_state_code: '27',
      buyer_gstin: '27AAPFU0939F1ZV',
      buyer_business_name: 'Acme Pvt Ltd',
      description: 'Course: Digital Marketing',
      total_paise: '24900000',
      igst_paise: '3798305',
    });
    const [receipt] = await db.sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${buyer.email} and tag = 'course-receipt'`;
    expect(receipt!.text_body).toContain(invoice.number);
    expect(receipt!.text_body).toMatch(new RegExp(`/api/v1/invoices/${row!.id}/pdf\\?key=`));

    const bare = `/api/v1/invoices/${row!.id}/pdf`;
    expect((await call('GET', bare, { token: buyer.token })).status).toBe(200);
    expect((await call('GET', `/api/v1/invoices/${invoice.number.replaceAll('/', '-')}/pdf`, { token: buyer.token })).status).toBe(200);
    expect((await call('GET', bare, { token: await adminToken('owner') })).status).toBe(200);
    expect((await call('GET', bare)).status).toBe(401);
    const other = await signupVerifiedLearner();
    expect((await call('GET', bare, { token: other.token })).status).toBe(404);
    expect((await call('GET', bare, { token: await adminToken('counsellor') })).status).toBe(404);
    expect((await call('GET', `${bare}?key=${'A'.repeat(32)}`)).status).toBe(404);
    expect((await call('GET', '/api/v1/invoices/99999999/pdf', { token: buyer.token })).status).toBe(404);
    expect((await call('GET', '/api/v1/invoices/not-a-ref/pdf', { token: buyer.token })).status).toBe(404);
    // The key of one invoice opens no other.
    const key = new URL(invoice.pdfUrl, 'http://x').searchParams.get('key');
    const otherInvoice = (await paidFee(db, { state: '06' }, 'online')).invoice;
    expect((await call('GET', `/api/v1/invoices/${otherInvoice.id}/pdf?key=${key}`)).status).toBe(404);
  });

  it('a credit note PDF names its invoice, reason and credited tax', async () => {
    const { invoice } = await paidFee(db, { state: '06' }, 'online');
    const note = await appDb().begin((tx) =>
      issueCreditNote(tx, { invoiceId: invoice.id, amountPaise: 100_000, reason: 'Partial refund: one module' }),
    );
    const text = (await pdfText(await pdfBytes(pathOf(note.pdfUrl)))).join('\n');
    for (const expected of ['CREDIT NOTE', note.number, invoice.number, 'Partial refund: one module', 'CGST @ 9%', '₹1,000.00'])
      expect(text).toContain(expected);
  });
});

describe('invoice links for other screens', () => {
  it('invoiceLinks answers number and keyed PDF path per paid order, nothing for unpaid ones', async () => {
    const { order, invoice } = await paidFee(db, { state: '06' }, 'online');
    const unpaid = await ledgerOrder(db, 100_000, 'registration');
    const links = await invoiceLinks(appDb(), [order.orderId, unpaid]);
    expect([...links.keys()]).toEqual([order.orderId]);
    expect(links.get(order.orderId)).toEqual({
      number: invoice.number,
      pdfUrl: expect.stringMatching(`^/api/v1/invoices/${invoice.id}/pdf\\?key=`),
    });
    expect((await call('GET', links.get(order.orderId)!.pdfUrl)).status).toBe(200);
  });
});

describe('a registration fee invoice and the learner account of the same email', () => {
  it('a learner signed in with that confirmed email opens it; another learner does not', async () => {
    const email = `same.${process.pid}.${Date.now()}@example.com`;
    const visitor = await registered(db, email);
    const order = await openFeeOrder(visitor.registrationToken, 'online', undefined, { state: '06' });
    const result = await sandboxPay(order.orderId);
    expect(
      (await call('POST', '/api/v1/user/register-paid', { body: { registrationToken: visitor.registrationToken, ...result } })).status,
    ).toBe(200);
    const [invoice] = await db.sql<{ id: string }[]>`select id::text as id from invoices where order_id = ${order.orderId}`;
    const owner = await signupVerifiedLearner({ email });
    expect((await call('GET', `/api/v1/invoices/${invoice!.id}/pdf`, { token: owner.token })).status).toBe(200);
    const stranger = await signupVerifiedLearner();
    expect((await call('GET', `/api/v1/invoices/${invoice!.id}/pdf`, { token: stranger.token })).status).toBe(404);
  });
});
