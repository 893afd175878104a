import { describe, expect, it } from 'vitest';
import { db as appDb } from '../../../netlify/lib/platform/index.ts';
import {
  issueCreditNote,
  issueInvoice,
  remainingOnInvoice,
  type InvoiceInput,
  financialYear,
} from '../../../netlify/lib/invoices/index.ts';
import { completeOrder } from '../../../netlify/lib/payments/index.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { ledgerOrder, paidFee, pdfBytes, pdfText } from './kit.ts';
import { nextIp, registered } from '../registrations/kit.ts';

const db = useTestDatabase();

const buyer = { name: 'Asha Verma', email: 'asha@example.com', stateCode: '29', gstin: null, businessName: null };

async function invoiceFor(totalPaise: number, extra: Partial<InvoiceInput> = {}) {
  const orderId = await ledgerOrder(db, totalPaise);
  return appDb().begin((tx) =>
    issueInvoice(tx, {
      purpose: 'course',
      orderId,
      paymentId: orderId.replace('order_', 'pay_'),
      accountId: null,
      registrationId: null,
      description: 'Course: Data Analytics',
      totalPaise,
      buyer,
      ...extra,
    }),
  );
}

describe('invoice numbers', () => {
  it('per financial year: 31 March 23:59 IST and 1 April 00:00 IST are in different series, each from 1', async () => {
    const march = await invoiceFor(100_000, { at: new Date('2031-03-31T18:29:59Z') });
    const april = await invoiceFor(100_000, { at: new Date('2031-03-31T18:30:00Z') });
    const april2 = await invoiceFor(100_000, { at: new Date('2031-04-02T10:00:00Z') });
    expect([march.number, april.number, april2.number]).toEqual(['ASP/30-31/000001', 'ASP/31-32/000001', 'ASP/31-32/000002']);
    for (const n of [march.number, april.number]) expect(n.length).toBeLessThanOrEqual(16);
  });

  it('a payment whose transaction rolls back gives its number back: no gap', async () => {
    const at = new Date('2032-06-01T10:00:00Z');
    const first = await invoiceFor(50_000, { at });
    const orderId = await ledgerOrder(db, 50_000);
    await expect(
      appDb().begin(async (tx) => {
        await issueInvoice(tx, {
          purpose: 'course',
          orderId,
          paymentId: 'pay_rolledback1',
          accountId: null,
          registrationId: null,
          description: 'x',
          totalPaise: 50_000,
          buyer,
          at,
        });
        throw new Error('the payment failed after its invoice');
      }),
    ).rejects.toThrow(/failed after/);
    const next = await invoiceFor(50_000, { at });
    expect([first.number, next.number]).toEqual(['ASP/32-33/000001', 'ASP/32-33/000002']);
  });
});

describe('credit notes', () => {
  it('partial then the rest: lines never exceed the invoice, the invoice nets to zero, over-limit is refused and writes nothing', async () => {
    const invoice = await invoiceFor(24_900_000);
    const part = await appDb().begin((tx) =>
      issueCreditNote(tx, { invoiceId: invoice.id, amountPaise: 1_000_000, reason: 'Partial refund' }),
    );
    expect(part.number).toMatch(/^ASPC\/\d{2}-\d{2}\/00001$/);
    expect(part.number.length).toBeLessThanOrEqual(16);
    expect(part.taxablePaise + part.cgstPaise + part.sgstPaise + part.igstPaise).toBe(1_000_000);
    // A Karnataka buyer of a Haryana supplier: IGST only, on the invoice and its credit notes.
    expect([invoice.cgstPaise, invoice.sgstPaise, part.cgstPaise, part.sgstPaise]).toEqual([0, 0, 0, 0]);
    expect(part.igstPaise).toBe(152_542);
    const before = await db.sql`select count(*)::int as n from credit_notes`;
    await expect(
      appDb().begin((tx) => issueCreditNote(tx, { invoiceId: invoice.id, amountPaise: 23_900_001, reason: 'Too much' })),
    ).rejects.toMatchObject({ status: 400 });
    expect(await db.sql`select count(*)::int as n from credit_notes`).toEqual(before);
    const rest = await appDb().begin((tx) => issueCreditNote(tx, { invoiceId: invoice.id, amountPaise: 23_900_000, reason: 'Rest' }));
    expect(rest.number).toMatch(/00002$/);
    const left = await remainingOnInvoice(appDb(), invoice.id);
    expect(left).toMatchObject({ leftPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    await expect(
      appDb().begin((tx) => issueCreditNote(tx, { invoiceId: invoice.id, amountPaise: 1, reason: 'More' })),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it('refuses a zero, fractional or negative amount, an empty reason and an unknown invoice', async () => {
    const invoice = await invoiceFor(100_000);
    for (const amountPaise of [0, -5, 10.5, Number.NaN]) {
      await expect(appDb().begin((tx) => issueCreditNote(tx, { invoiceId: invoice.id, amountPaise, reason: 'x' }))).rejects.toMatchObject({
        status: 400,
      });
    }
    await expect(
      appDb().begin((tx) => issueCreditNote(tx, { invoiceId: invoice.id, amountPaise: 100, reason: '  ' })),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(appDb().begin((tx) => issueCreditNote(tx, { invoiceId: '999999', amountPaise: 100, reason: 'x' }))).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('an invoice for every captured payment, in the payment transaction', () => {
  it('intra-state buyer (Haryana, as the supplier): CGST + SGST; the answer, the receipt and the PDF carry it', async () => {
    const { visitor, order, result, paid, invoice } = await paidFee(db, { state: '06' });
    expect(invoice).toMatchObject({
      purpose: 'registration',
      payment_id: result.razorpay_payment_id,
      buyer_state_code: '06',
      supplier_state_code: '06',
      supplier_gstin: '06AAACA1234A1ZO',
      sac: '999293',
      total_paise: '850000',
      taxable_paise: '720339',
      cgst_paise: '64830',
      sgst_paise: '64831',
      igst_paise: '0',
      buyer_gstin: null,
    });
    expect(invoice.number).toMatch(/^ASP\/\d{2}-\d{2}\/\d{6}$/);
    expect(paid.registration.invoice).toEqual({
      number: invoice.number,
      pdfUrl: expect.stringMatching(/^\/api\/v1\/invoices\/\d+\/pdf\?key=/),
    });
    const [mail] = await db.sql<{ text_body: string; html_body: string }[]>`
      select text_body, html_body from email_outbox where to_address = ${visitor.email} and tag = 'registration-receipt'`;
    expect(mail!.text_body).toContain(`Invoice: ${invoice.number}`);
    expect(mail!.text_body).toContain(paid.registration.invoice.pdfUrl);
    expect(mail!.text_body).toMatch(/See your application: https?:\/\/[^\s]+\/applications/);
    expect(mail!.html_body).toContain('Download your tax invoice (PDF)');

    const pdf = await call('GET', paid.registration.invoice.pdfUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    expect(order.amount).toBe(850_000);
  });

  it('inter-state business buyer with a GSTIN: IGST only, the buyer GSTIN and business name on the invoice and PDF', async () => {
    const { paid, invoice } = await paidFee(db, { state: '29', gstin: '29aagcb7383j1z4', businessName: 'Bright Learning Pvt Ltd' });
    expect(invoice).toMatchObject({
      buyer_state_code: '29',
      buyer_gstin: '29AAGCB7383J1Z4',
      buyer_business_name: 'Bright Learning Pvt Ltd',
      total_paise: '850000',
      taxable_paise: '720339',
      cgst_paise: '0',
      sgst_paise: '0',
      igst_paise: '129661',
    });
    const bytes = await pdfBytes(paid.registration.invoice.pdfUrl);
    const text = (await pdfText(bytes)).join('\n');
    for (const expected of [
      'TAX INVOICE',
      invoice.number,
      'GSTIN: 06AAACA1234A1ZO',
      'GSTIN: 29AAGCB7383J1Z4',
      'Bright Learning Pvt Ltd',
      'Aspira Education Private Limited',
      'Karnataka (29)',
      '999293',
      'IGST @ 18%',
      '₹1,296.61',
      '₹7,203.39',
      '₹8,500.00',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('CGST');
  });

  it('the PDF of an intra-state invoice has CGST and SGST lines (and the text check can fail)', async () => {
    const { paid, invoice } = await paidFee(db, { state: '06' }, 'online');
    const text = (await pdfText(await pdfBytes(paid.registration.invoice.pdfUrl))).join('\n');
    expect(text).toContain(invoice.number);
    expect(text).toContain('CGST @ 9%');
    expect(text).toContain('SGST @ 9%');
    expect(text).not.toContain('IGST');
    expect(text).not.toContain('ASP/99-00/999999');
  });

  it('amounts and tax never come from the browser: a client amount for a preset fee is ignored, tax fields are refused', async () => {
    const { invoice } = await paidFee(db, { state: '06' }, 'online', 1);
    expect(invoice.total_paise).toBe('250000');
    const visitor = await registered(db);
    const before = await count(db, 'payment_orders');
    for (const extra of [{ taxPaise: 0 }, { igst: 0 }, { total: 100 }]) {
      const res = await call('POST', '/api/v1/payment/create-order', {
        body: { registrationToken: visitor.registrationToken, feeOption: 'online', state: '06', ...extra },
        ip: nextIp(),
      });
      expect(res.status).toBe(400);
    }
    expect(await count(db, 'payment_orders')).toBe(before);
  });

  it('50 payments completed at once: 50 invoices numbered 1..50 in their year, no gap, no duplicate', async () => {
    const at = new Date();
    const orders: string[] = [];
    for (let i = 0; i < 50; i++) {
      const [reg] = await db.sql<{ id: string }[]>`
        insert into registrations (email, name, phone, father_name, highschool_percent, motivation, access_token_hash)
        values (${`bulk${i}.${process.pid}@example.com`}, ${`Buyer ${i}`}, '+919876543210', 'Father', 80, 'Yes', ${`hash-${process.pid}-${i}`})
        returning id`;
      const orderId = await ledgerOrder(db, 250_000, 'registration');
      await db.sql`insert into registration_payments (registration_id, order_id, fee_option, program_name, amount_paise, buyer_state_code)
                   values (${reg!.id}, ${orderId}, 'online', 'Online programme', 250000, ${i % 2 ? '06' : '27'})`;
      orders.push(orderId);
    }
    const fy = financialYear(at);
    const [{ last } = { last: 0 }] = await db.sql<{ last: number }[]>`
      select coalesce(max(last_number), 0)::int as last from document_counters where series = 'invoice' and financial_year = ${fy}`;
    // All 50 start at once; one that waited too long for a connection is retried, as Razorpay
    // retries a webhook that answered 5xx.
    const complete = async (orderId: string, i: number, tries = 5): Promise<string> => {
      const payment = { id: `pay_bulk${process.pid}x${i}`, orderId, status: 'captured' as const, amountPaise: 250_000, currency: 'INR' };
      try {
        return await completeOrder(orderId, payment, 'webhook');
      } catch (error) {
        if (tries <= 1 || !/connection came free/.test(String(error))) throw error;
        return complete(orderId, i, tries - 1);
      }
    };
    const outcomes = await Promise.all(orders.map((orderId, i) => complete(orderId, i)));
    expect(outcomes.filter((o) => o === 'paid' || o === 'already')).toHaveLength(50);
    const rows = await db.sql<{ sequence: number; number: string }[]>`
      select sequence, number from invoices where order_id in ${db.sql(orders)} order by sequence`;
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: 50 }, (_, i) => last + i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(50);
    expect(rows.every((r) => r.number.length <= 16)).toBe(true);
    expect(await count(db, `email_outbox where tag = 'registration-receipt' and to_address like 'bulk%.${process.pid}@example.com'`)).toBe(
      50,
    );
  });

  it('an order whose purpose has no handler is an error: nothing is recorded, no invoice', async () => {
    const orderId = await ledgerOrder(db, 100_000, 'subscription');
    const payment = { id: 'pay_nohandler1', orderId, status: 'captured' as const, amountPaise: 100_000, currency: 'INR' };
    await expect(completeOrder(orderId, payment, 'webhook')).rejects.toThrow(/purpose "subscription".*PURPOSES/);
    const [ledger] = await db.sql`select status, payment_id from payment_orders where id = ${orderId}`;
    expect(ledger).toEqual({ status: 'created', payment_id: null });
    expect(await count(db, `invoices where order_id = '${orderId}'`)).toBe(0);
  });
});
