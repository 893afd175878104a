import { describe, expect, it } from 'vitest';
import { db as appDb } from '../../netlify/lib/db.ts';
import { issueCreditNote, issueInvoice, remainingOnInvoice, type InvoiceInput } from '../../netlify/lib/invoices/index.ts';
import { useTestDatabase } from './harness.ts';
import { ledgerOrder } from './invoice-db.ts';

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
