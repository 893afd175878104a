import { describe, expect, it } from 'vitest';
import { createOrderSchema, customAmountPaise, FEE_OPTIONS, registerUnpaidSchema, successUrl } from './registration.ts';
import { rupeesToPaise } from './money.ts';

describe('registration fee table and schemas', () => {
  it('holds the fees of docs/product.md, Fees, in paise exactly', () => {
    expect(FEE_OPTIONS.map((o) => [o.id, rupeesToPaise(o.rupees)])).toEqual([
      ['online', 250_000],
      ['hybrid', 850_000],
      ['discover', 15_157_050],
      ['elevate', 5_000_000],
      ['plor', 13_000_000],
      ['admit', 1_100_000],
    ]);
  });

  it('turns a custom amount into paise or says why not', () => {
    expect(customAmountPaise(1)).toBe(100);
    expect(customAmountPaise('1.5')).toBe(150);
    expect(customAmountPaise(' 2500.05 ')).toBe(250_005);
    expect(customAmountPaise(0.99)).toBe('The amount must be at least ₹1');
    expect(customAmountPaise(-3)).toBe('The amount must be at least ₹1');
    expect(customAmountPaise('')).toBe('Enter an amount');
    expect(customAmountPaise(undefined)).toBe('Enter an amount');
    for (const bad of ['abc', '1e3', '1.234', Number.NaN, Number.POSITIVE_INFINITY, '1,000'])
      expect(typeof customAmountPaise(bad)).toBe('string');
  });

  it('create-order drops the client amount for preset options', () => {
    const parsed = createOrderSchema.parse({ registrationToken: 'x'.repeat(43), feeOption: 'hybrid', amount: 1, state: '06' });
    expect(parsed).toEqual({
      registrationToken: 'x'.repeat(43),
      feeOption: 'hybrid',
      amountPaise: undefined,
      state: '06',
      gstin: null,
      businessName: null,
    });
    expect(createOrderSchema.safeParse({ registrationToken: 'x'.repeat(43), feeOption: 'custom', amount: '0', state: '06' }).success).toBe(
      false,
    );
  });

  it('create-order needs the buyer state; a GSTIN must be valid, of that state, with a business name', () => {
    const base = { registrationToken: 'x'.repeat(43), feeOption: 'online' };
    expect(createOrderSchema.safeParse(base).error?.issues.map((i) => i.path[0])).toEqual(['state']);
    expect(createOrderSchema.safeParse({ ...base, state: '27', gstin: '27AAPFU0939F1ZW', businessName: 'Acme' }).success).toBe(false);
    expect(createOrderSchema.parse({ ...base, state: '27', gstin: '27AAPFU0939F1ZV', businessName: 'Acme' })).toMatchObject({
      gstin: '27AAPFU0939F1ZV',
      businessName: 'Acme',
    });
  });

  it('register-unpaid needs the required fields and the verification token', () => {
    const result = registerUnpaidSchema.safeParse({ email: 'a@b.co' });
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((i) => String(i.path[0])));
    for (const f of ['name', 'phone', 'fatherName', 'highschool', 'motivation', 'verificationToken']) expect(fields).toContain(f);
    expect(fields).not.toContain('qualification');
    expect(fields).not.toContain('university');
  });

  it('builds the /success link with the query names of docs/product.md, States, encoded', () => {
    const url = successUrl({ name: 'A & B', email: 'a@b.co', amount: 8500, programName: 'Hybrid programme', paymentId: 'pay_1' });
    const query = new URL(url, 'https://x.example').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      name: 'A & B',
      email: 'a@b.co',
      amount: '8500',
      program: 'Hybrid programme',
      paymentId: 'pay_1',
    });
  });
});
