import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, login } from '../../../netlify/lib/accounts/index.ts';
import { gstinCheckChar } from '../../../src/shared/gstin.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { openFeeOrder, registered, sandboxPay } from '../registrations/kit.ts';

const db = useTestDatabase({ SANDBOX_PAYMENT_SECRET: 'sandbox-secret-for-money-tests' });
const DM = '6801c2a4f1e2b3c4d5e6fd57'; // Digital Marketing, ₹2,49,000
const PM = '6801c2a4f1e2b3c4d5e6fd68'; // Product Management, ₹2,99,000
const GSTIN_27 = `27AAACB1234C1Z${gstinCheckChar('27AAACB1234C1Z')}`;
const CSV_HEADER = 'Kind,Invoice number,Date,Buyer,State,GSTIN,Taxable value,CGST,SGST,IGST,Total,Against invoice,Discount code';

let n = 0;
async function account(role: 'user' | 'admin', names: { firstName?: string; lastName?: string } = {}, adminRole?: 'owner' | 'counsellor') {
  n++;
  const email = `money${role}${n}@example.com`;
  const password = 'money-view-pass-42';
  const created = await createAccount({
    role,
    email,
    password,
    firstName: names.firstName ?? `Learner${n}`,
    lastName: names.lastName ?? 'Das',
    ...(adminRole ? { adminRole } : {}),
  });
  return { token: (await login(role, email, password, `203.0.113.${n}`)).token, id: created.id, email };
}

async function purchase(courseId: string, billing: Record<string, string>, names: { firstName?: string; lastName?: string } = {}) {
  const learner = await account('user', names);
  expect((await call('PUT', '/api/v1/billing', { token: learner.token, body: billing })).status).toBe(200);
  const buy = await call('POST', `/api/v1/course/buy/${courseId}`, { token: learner.token });
  expect(buy.status).toBe(201);
  const pay = await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: buy.body.orderId, outcome: 'success' } });
  const { success: _s, ...result } = pay.body;
  expect((await call('POST', '/api/v1/order', { token: learner.token, body: { courseId, ...result } })).status).toBe(200);
  return { ...learner, orderId: buy.body.orderId as string };
}

let owner: string;
let intra: { orderId: string; email: string };
let business: { orderId: string; email: string };
let fee: { orderId: string; email: string };
const istToday = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

beforeAll(async () => {
  owner = (await account('admin', {}, 'owner')).token;
  // Inside Haryana (the supplier's state): CGST + SGST. A business in Maharashtra: IGST.
  intra = await purchase(DM, { state: '06' }, { firstName: 'Ravi, "RK"', lastName: 'Kumar' });
  business = await purchase(PM, { state: '27', gstin: GSTIN_27, businessName: '=HYPERLINK("http://evil.example")' });
  const reg = await registered(db);
  const order = await openFeeOrder(reg.registrationToken);
  const paid = await call('POST', '/api/v1/user/register-paid', {
    body: { registrationToken: reg.registrationToken, ...(await sandboxPay(order.orderId)) },
  });
  expect(paid.status).toBe(200);
  fee = { orderId: order.orderId, email: reg.email };
  // The Product Management purchase: refunded in part (₹9,000), processed.
  const refund = await call('POST', '/api/v1/admin/refunds', {
    token: owner,
    body: { orderId: business.orderId, full: false, amount: 9000, reason: 'Part of the batch\ncancelled', idempotencyKey: randomUUID() },
  });
  expect(refund.status).toBe(201);
  expect((await call('POST', `/api/v1/admin/refunds/${refund.body.refund.id}/check`, { token: owner })).body.refund.status).toBe(
    'processed',
  );
  // The registration fee was paid in September (IST): 15 Sep 2026, 10:00 IST.
  await db.sql`update payment_orders set paid_at = '2026-09-15T04:30:00Z' where id = ${fee.orderId}`;
  await db.sql`update invoices set issued_at = '2026-09-15T04:30:00Z' where order_id = ${fee.orderId}`;
});

const view = (query = '', token = owner) => call('GET', `/api/v1/admin/money${query}`, { token });
const orders = (body: { payments: { orderId: string }[] }) => body.payments.map((p) => p.orderId);

describe('GET /api/v1/admin/money', () => {
  it('lists every captured payment with its kind, buyer, refunds and invoice, newest first', async () => {
    const res = await view();
    expect(res.status).toBe(200);
    expect(orders(res.body)).toEqual([business.orderId, intra.orderId, fee.orderId]);
    const pm = res.body.payments[0];
    expect(pm).toMatchObject({
      kind: 'course',
      item: 'Product Management',
      amount: 299000,
      refunded: 9000,
      refundPending: 0,
      refundable: 290000,
      status: 'partially-refunded',
      withinPolicy: true,
    });
    expect(pm.invoice.number).toMatch(/^ASP\//);
    expect(pm.refunds).toHaveLength(1);
    expect(pm.refunds[0]).toMatchObject({ amount: 9000, status: 'processed', reason: 'Part of the batch\ncancelled' });
    expect(pm.refunds[0].requestedBy).toMatch(/^moneyadmin\d+@example\.com$/);
    expect(res.body.payments[2]).toMatchObject({ kind: 'registration', status: 'captured', email: fee.email, withinPolicy: false });
    expect(res.body.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['credit-note', 'invoice', 'invoice', 'invoice']);
  });

  it('filters by kind, status and dates (IST days, both inclusive)', async () => {
    expect(orders((await view('?kind=course')).body)).toEqual([business.orderId, intra.orderId]);
    expect(orders((await view('?kind=registration')).body)).toEqual([fee.orderId]);
    expect(orders((await view('?status=partially-refunded')).body)).toEqual([business.orderId]);
    expect(orders((await view('?status=captured&kind=course')).body)).toEqual([intra.orderId]);
    expect(orders((await view('?from=2026-09-15&to=2026-09-15')).body)).toEqual([fee.orderId]);
    expect(orders((await view('?from=2026-09-16&to=2026-09-30')).body)).toEqual([]);
    expect(orders((await view('?to=2026-09-14')).body)).toEqual([]);
    expect(orders((await view(`?from=${istToday}`)).body)).toEqual([business.orderId, intra.orderId]);
  });

  it('totals per month: payments by their month, refunds by the month they were processed, net', async () => {
    const { months } = (await view()).body;
    const thisMonth = istToday.slice(0, 7);
    expect(months).toEqual([
      { month: thisMonth, payments: 548000, count: 2, refunded: 9000, net: 539000 },
      { month: '2026-09', payments: 8500, count: 1, refunded: 0, net: 8500 },
    ]);
    expect((await view('?kind=registration')).body.months).toEqual([
      { month: '2026-09', payments: 8500, count: 1, refunded: 0, net: 8500 },
    ]);
  });

  it('refuses bad filters with 400 naming the field; owners only', async () => {
    for (const [query, message] of [
      ['?from=2026-13-01', /^from: Use a real date/],
      ['?from=yesterday', /^from: Use a date like/],
      ['?from=2026-10-02&to=2026-10-01', /^to: The end date must not be before the start date/],
      ['?kind=subscription', /^kind: /],
      ['?status=lost', /^status: /],
      ['?amount=1', /^Unknown field: amount/],
    ] as const) {
      const res = await view(query);
      expect(res.status, query).toBe(400);
      expect(res.body.errors.join('\n')).toMatch(message);
    }
    const counsellor = await account('admin', {}, 'counsellor');
    expect((await view('', counsellor.token)).status).toBe(403);
    expect((await call('GET', '/api/v1/admin/money.csv', { token: counsellor.token })).status).toBe(403);
    expect((await call('GET', '/api/v1/admin/money.csv')).status).toBe(401);
  });
});

describe('GET /api/v1/admin/money.csv', () => {
  it('one row per invoice and credit note (negative), the tax split, safe against formulas and commas', async () => {
    const res = await call('GET', `/api/v1/admin/money.csv?from=${istToday}&to=${istToday}`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="aspira-tax-documents-${istToday}_to_${istToday}.csv"`);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(4); // today: two invoices and one credit note (the fee's invoice is of September)
    const [inv1, inv2, credit] = lines.slice(1);
    // Ravi, "RK" Kumar in Haryana: CGST + SGST at 9% each of the taxable value (₹2,49,000 incl. 18% GST).
    expect(inv1).toMatch(
      /^Invoice,ASP\/\d\d-\d\d\/\d+,\d{4}-\d\d-\d\d,"Ravi, ""RK"" Kumar",Haryana \(06\),,211016\.95,18991\.52,18991\.53,0,249000,,$/,
    );
    // The Maharashtra business: IGST, its GSTIN, its name defused (a leading apostrophe).
    expect(inv2).toContain(`"'=HYPERLINK(""http://evil.example"")",Maharashtra (27),${GSTIN_27},253389.83,0,0,45610.17,299000,`);
    // The credit note: negative amounts, against the business's invoice.
    expect(credit).toMatch(/^Credit note,ASPC\/\d\d-\d\d\/\d+,/);
    expect(credit).toContain(`Maharashtra (27),${GSTIN_27},-7627.12,0,0,-1372.88,-9000,ASP/`);
  });

  it('an empty period has the header only; kind narrows it', async () => {
    const empty = await call('GET', '/api/v1/admin/money.csv?to=2026-01-01', { token: owner });
    expect(empty.text.replace(/^\uFEFF/, '')).toBe(`${CSV_HEADER}\r\n`);
    const fees = await call('GET', '/api/v1/admin/money.csv?kind=registration', { token: owner });
    const lines = fees.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Invoice,.*,8500,,$/);
  });
});
