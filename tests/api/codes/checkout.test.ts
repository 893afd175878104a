import { describe, expect, it } from 'vitest';
import { call, count, sandboxWebhook, useTestDatabase } from '../support/harness.ts';
import { account, buy, DM, DM_PAISE, newCode, owner, sandbox } from './kit.ts';
import { pdfBytes, pdfText } from '../invoices/kit.ts';
import { openFeeOrder, registered } from '../registrations/kit.ts';

const db = useTestDatabase();

const redemptions = (codeId: string) =>
  db.sql<{ status: string; order_id: string | null; total_paise: string }[]>`
    select status, order_id, total_paise from discount_redemptions where code_id = ${codeId} order by id`;

const webhook = sandboxWebhook;

describe('checkout with a code', () => {
  it('100% on a course: paid at once, zero-value invoice with the discount, receipt, no gateway order, use counted', async () => {
    const { id, code } = await newCode({ percentOff: 100 });
    const learner = await account('user');
    const sandboxOrders = await count(db, 'sandbox_orders');
    const res = await buy(learner.token, code.toLowerCase());
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      paid: true,
      amount: 0,
      discount: { code, listPaise: DM_PAISE, discountPaise: DM_PAISE, totalPaise: 0 },
    });
    expect(res.body.key).toBeUndefined();
    expect(await count(db, 'sandbox_orders')).toBe(sandboxOrders);
    const [ledger] = await db.sql`select gateway, amount_paise::int as amount, status from payment_orders where id = ${res.body.orderId}`;
    expect(ledger).toEqual({ gateway: 'free', amount: 0, status: 'paid' });
    const [order] = await db.sql`
      select status, amount_paise::int as amount, list_paise::int as list, discount_paise::int as discount, discount_code
      from course_orders where gateway_order_id = ${res.body.orderId}`;
    expect(order).toEqual({ status: 'paid', amount: 0, list: DM_PAISE, discount: DM_PAISE, discount_code: code });
    const [invoice] = await db.sql`
      select id::text as id, total_paise::int as total, taxable_paise::int as taxable, list_paise::int as list,
             discount_paise::int as discount, discount_code
      from invoices where order_id = ${res.body.orderId}`;
    expect(invoice).toEqual({ id: expect.any(String), total: 0, taxable: 0, list: DM_PAISE, discount: DM_PAISE, discount_code: code });
    const [mail] = await db.sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${learner.email} and tag = 'course-receipt'`;
    expect(mail!.text_body).toContain(`Discount (${code}): −₹2,49,000`);
    expect(mail!.text_body).toContain('Amount paid: ₹0');
    expect((await redemptions(id)).map((r) => r.status)).toEqual(['used']);
    const purchases = await call('GET', '/api/v1/user/purchases', { token: learner.token });
    expect(purchases.body.courseData.map((p: { _id: string }) => p._id)).toEqual([DM]);
    const pdf = await call('GET', `/api/v1/invoices/${invoice!.id}/pdf`, { token: learner.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toMatch(/pdf/);
    // Nothing was paid, so there is nothing to refund: a clear refusal, and no refund row.
    const refund = await call('POST', '/api/v1/admin/refunds', {
      token: await owner(),
      body: { idempotencyKey: crypto.randomUUID(), orderId: res.body.orderId, full: true, reason: 'Changed their mind' },
    });
    expect(refund.status).toBe(409);
    expect(refund.body.errors).toBe('This order was free (a 100% code): there is no money to refund');
    expect(await db.sql`select 1 from refunds where order_id = ${res.body.orderId}`).toHaveLength(0);
  });

  it('a fixed amount larger than the price makes it free; a price left under ₹1 is free too', async () => {
    const { code } = await newCode({ kind: 'fixed', amountOffRupees: 500000 });
    const learner = await account('user');
    const res = await buy(learner.token, code);
    expect(res.body).toMatchObject({ paid: true, amount: 0, discount: { discountPaise: DM_PAISE, totalPaise: 0 } });
    const under = await newCode({ kind: 'fixed', amountOffRupees: 248999.5 });
    const other = await account('user');
    const res2 = await buy(other.token, under.code);
    expect(res2.body).toMatchObject({ paid: true, amount: 0, discount: { discountPaise: DM_PAISE, totalPaise: 0 } });
  });

  it('a percent code paid through the sandbox: the invoice shows list, discount, taxable and tax; the use is counted once', async () => {
    const { id, code } = await newCode({ percentOff: 25 });
    const learner = await account('user');
    const res = await buy(learner.token, code);
    expect(res.status).toBe(201);
    const total = DM_PAISE * 0.75;
    expect(res.body).toMatchObject({
      amount: total,
      discount: { code, listPaise: DM_PAISE, discountPaise: DM_PAISE / 4, totalPaise: total },
    });
    expect((await redemptions(id)).map((r) => [r.status, r.order_id])).toEqual([['reserved', res.body.orderId]]);
    const result = await sandbox(res.body.orderId);
    const paid = await call('POST', '/api/v1/order', { token: learner.token, body: { courseId: DM, ...result } });
    expect(paid.status, paid.text).toBe(200);
    // The webhook for the same payment arrives too: nothing counts twice.
    expect((await webhook(res.body.orderId, result.razorpay_payment_id, total, `evt_codes_${Date.now()}`)).status).toBe(200);
    const [invoice] = await db.sql`
      select total_paise::int as total, taxable_paise::int as taxable, cgst_paise::int as cgst, sgst_paise::int as sgst,
             list_paise::int as list, discount_paise::int as discount, discount_code
      from invoices where order_id = ${res.body.orderId}`;
    const taxable = Math.round((total * 100) / 118);
    expect(invoice).toEqual({
      total,
      taxable,
      cgst: Math.floor((total - taxable) / 2),
      sgst: total - taxable - Math.floor((total - taxable) / 2),
      list: DM_PAISE,
      discount: DM_PAISE / 4,
      discount_code: code,
    });
    expect((await redemptions(id)).map((r) => r.status)).toEqual(['used']);
    expect(await count(db, `invoices where order_id = '${res.body.orderId}'`)).toBe(1);
    const [link] = await db.sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${learner.email} and tag = 'course-receipt'`;
    const pdfUrl = link!.text_body.match(/\/api\/v1\/invoices\/\d+\/pdf\?key=[\w-]+/)![0];
    const text = (await pdfText(await pdfBytes(pdfUrl))).join('\n');
    expect(text).toContain('Price (GST included)\n₹2,49,000.00');
    expect(text).toContain(`Discount (${code})\n- ₹62,250.00`);
    expect(text).toContain('Amount paid (GST included)\n₹1,86,750.00');
    expect(text).toContain('Taxable value');
  });

  it('a failed gateway payment releases the reservation', async () => {
    const { id, code } = await newCode({ maxUses: 1 });
    const learner = await account('user');
    const res = await buy(learner.token, code);
    expect(res.status).toBe(201);
    await sandbox(res.body.orderId, 'failure');
    expect((await redemptions(id)).map((r) => r.status)).toEqual(['released']);
    const other = await account('user');
    expect((await buy(other.token, code)).status).toBe(201);
  });

  it("a payment.failed webhook releases the order's reservation too", async () => {
    const { id, code } = await newCode({ maxUses: 1 });
    const learner = await account('user');
    const res = await buy(learner.token, code);
    expect(res.status).toBe(201);
    const failed = await webhook(res.body.orderId, `pay_failed_${id}`, res.body.amount, `evt_failed_${id}`, 'payment.failed');
    expect(failed.status).toBe(200);
    expect((await redemptions(id)).map((r) => r.status)).toEqual(['released']);
    expect((await buy((await account('user')).token, code)).status).toBe(201);
  });

  it('registration fee: a 100% code pays it at once (₹0, invoice); a code with a custom amount is refused', async () => {
    const { id, code } = await newCode({ percentOff: 100, scope: 'registration-fees', feeOptions: ['hybrid'] });
    const reg = await registered(db);
    const custom = await call('POST', '/api/v1/payment/create-order', {
      body: { registrationToken: reg.registrationToken, feeOption: 'custom', amount: 500, state: '06', code },
    });
    expect(custom.status).toBe(400);
    expect(custom.body.errors).toEqual(['code: Codes apply to the listed fees, not a custom amount']);
    const wrong = await call('POST', '/api/v1/payment/create-order', {
      body: { registrationToken: reg.registrationToken, feeOption: 'online', state: '06', code },
    });
    expect(wrong.body.errors).toEqual(['code: This code is not valid for this fee']);
    const res = await call('POST', '/api/v1/payment/create-order', {
      body: { registrationToken: reg.registrationToken, feeOption: 'hybrid', state: '06', code },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ paid: true, programName: 'Hybrid programme', registration: { amount: 0, status: 'paid' } });
    expect(res.body.registration.invoice.pdfUrl).toMatch(/^\/api\/v1\/invoices\/\d+\/pdf\?key=/);
    const [row] = await db.sql`select status from registrations where id = ${reg.registrationId}`;
    expect(row!.status).toBe('paid');
    expect((await redemptions(id)).map((r) => r.status)).toEqual(['used']);
    const [mail] = await db.sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${reg.email} and tag = 'registration-receipt'`;
    expect(mail!.text_body).toContain(`Discount (${code}): −₹8,500`);
    // Paid once: a second order is refused.
    await expect(openFeeOrder(reg.registrationToken)).rejects.toThrow(/409/);
    const preview = await call('POST', '/api/v1/codes/preview/fees', { body: { code }, ip: '203.0.113.91' });
    expect(preview.body.options).toEqual([{ feeOption: 'hybrid', listPaise: 850_000, discountPaise: 850_000, totalPaise: 0 }]);
  });
});
