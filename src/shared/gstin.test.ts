import { describe, expect, it } from 'vitest';
import { billingSchema } from './checkout.ts';
import { GST_STATES, gstinCheckChar, gstinProblem, isValidGstin } from './gstin.ts';
import { SAMPLE_GSTIN, sampleGstinInProduction, supplierSchema } from './supplier.ts';
import supplierFile from '../content/settings/supplier.json' with { type: 'json' };

describe('GSTIN', () => {
  it('accepts published valid GSTINs and the sample', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(isValidGstin(SAMPLE_GSTIN)).toBe(true);
  });

  it('refuses a one-character typo anywhere: the check character catches it', () => {
    const good = '27AAPFU0939F1ZV';
    for (let i = 2; i < 14; i++) {
      const c = good[i]!;
      const swapped =
        good.slice(0, i) +
        (/[0-9]/.test(c) ? String((Number(c) + 1) % 10) : c === 'Z' ? 'Y' : String.fromCharCode(c.charCodeAt(0) + 1)) +
        good.slice(i + 1);
      expect(isValidGstin(swapped), swapped).toBe(false);
    }
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/last character/);
  });

  it('refuses bad length, format and state codes with a clear reason', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/not a GSTIN/);
    expect(gstinProblem('2AAAPFU0939F1ZV')).toMatch(/not a GSTIN/);
    const bogusState = '99AAPFU0939F1Z';
    expect(gstinProblem(bogusState + gstinCheckChar(bogusState))).toMatch(/state code/);
  });

  it('lists each state code once', () => {
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(GST_STATES.length);
  });
});

describe('checkout billing details', () => {
  it('needs a state; a GSTIN must be valid, in that state and come with a business name', () => {
    expect(billingSchema.safeParse({}).error?.issues[0]?.message).toMatch(/Choose your state/);
    expect(billingSchema.parse({ state: '29', gstin: '', businessName: '' })).toEqual({ state: '29', gstin: null, businessName: null });
    expect(billingSchema.parse({ state: '27', gstin: ' 27aapfu0939f1zv ', businessName: 'Acme Pvt Ltd' })).toEqual({
      state: '27',
      gstin: '27AAPFU0939F1ZV',
      businessName: 'Acme Pvt Ltd',
    });
    const otherState = billingSchema.safeParse({ state: '29', gstin: '27AAPFU0939F1ZV', businessName: 'Acme' });
    expect(otherState.error?.issues[0]?.message).toMatch(/registered in Maharashtra/);
    const typo = billingSchema.safeParse({ state: '27', gstin: '27AAPFU0939F1ZW', businessName: 'Acme' });
    expect(typo.error?.issues[0]?.path).toEqual(['gstin']);
    const nameless = billingSchema.safeParse({ state: '27', gstin: '27AAPFU0939F1ZV' });
    expect(nameless.error?.issues[0]?.path).toEqual(['businessName']);
  });
});

describe('supplier settings', () => {
  it('the settings file passes its schema; invoice numbers with its prefix fit in 16 characters', () => {
    const s = supplierSchema.parse(supplierFile);
    expect(`${s.invoicePrefix}/26-27/000001`.length).toBeLessThanOrEqual(16);
    expect(`${s.invoicePrefix}C/26-27/00001`.length).toBeLessThanOrEqual(16);
  });

  it('refuses a GSTIN of another state than the supplier state, a long prefix, a wrong SAC', () => {
    expect(supplierSchema.safeParse({ ...supplierFile, stateCode: '29' }).success).toBe(false);
    expect(supplierSchema.safeParse({ ...supplierFile, invoicePrefix: 'ASPI' }).success).toBe(false);
    expect(supplierSchema.safeParse({ ...supplierFile, sac: '999294' }).success).toBe(false);
  });

  it('the sample GSTIN is refused on a production build only', () => {
    const s = supplierSchema.parse(supplierFile);
    expect(s.gstin).toBe(SAMPLE_GSTIN);
    expect(sampleGstinInProduction(s, 'production')).toBe(true);
    expect(sampleGstinInProduction(s, 'deploy-preview')).toBe(false);
    expect(sampleGstinInProduction(s, undefined)).toBe(false);
    expect(sampleGstinInProduction({ gstin: '27AAPFU0939F1ZV' }, 'production')).toBe(false);
  });
});
