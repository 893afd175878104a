import { describe, expect, it } from 'vitest';
import { inScope, priceWith, refusal, type CodeRule } from './rules.ts';

const rule = (over: Partial<CodeRule> = {}): CodeRule => ({
  kind: 'percent',
  percentOff: 10,
  amountOffPaise: null,
  scope: 'all-courses',
  courseIds: [],
  feeOptions: [],
  planIds: [],
  validFrom: null,
  validUntil: null,
  maxUses: null,
  oncePerPerson: true,
  issuedToEmail: null,
  active: true,
  ...over,
});
const course = { kind: 'course', courseId: 'a'.repeat(24) } as const;
const now = new Date('2026-11-23T10:00:00Z');
const none = { taken: 0, byPerson: 0 };

describe('priceWith', () => {
  it('percent: rounds to the paisa, list = discount + total', () => {
    expect(priceWith(rule({ percentOff: 15 }), 24_900_000)).toEqual({
      listPaise: 24_900_000,
      discountPaise: 3_735_000,
      totalPaise: 21_165_000,
    });
    expect(priceWith(rule({ percentOff: 33 }), 1001)).toEqual({ listPaise: 1001, discountPaise: 330, totalPaise: 671 });
    expect(priceWith(rule({ percentOff: 100 }), 850_000)).toEqual({ listPaise: 850_000, discountPaise: 850_000, totalPaise: 0 });
  });
  it('fixed: never more than the price', () => {
    expect(priceWith(rule({ kind: 'fixed', percentOff: null, amountOffPaise: 500_000 }), 850_000).totalPaise).toBe(350_000);
    expect(priceWith(rule({ kind: 'fixed', percentOff: null, amountOffPaise: 9_000_000 }), 850_000)).toEqual({
      listPaise: 850_000,
      discountPaise: 850_000,
      totalPaise: 0,
    });
  });
  it('a total of 1-99 paise is charged as 0 (the gateway minimum is ₹1); 100 paise stays', () => {
    expect(priceWith(rule({ kind: 'fixed', percentOff: null, amountOffPaise: 849_901 }), 850_000).totalPaise).toBe(0);
    expect(priceWith(rule({ kind: 'fixed', percentOff: null, amountOffPaise: 849_999 }), 850_000).discountPaise).toBe(850_000);
    expect(priceWith(rule({ kind: 'fixed', percentOff: null, amountOffPaise: 849_900 }), 850_000).totalPaise).toBe(100);
  });
  it('refuses non-integer amounts', () => {
    expect(() => priceWith(rule(), 10.5)).toThrow();
  });
});

describe('inScope', () => {
  it('courses: all, chosen, or none; fees and plans only in their own scope', () => {
    expect(inScope(rule(), course)).toBe(true);
    expect(inScope(rule({ scope: 'courses', courseIds: ['b'.repeat(24)] }), course)).toBe(false);
    expect(inScope(rule({ scope: 'courses', courseIds: [] }), course)).toBe(true);
    expect(inScope(rule(), { kind: 'registration-fee', feeOption: 'hybrid' })).toBe(false);
    expect(inScope(rule({ scope: 'registration-fees', feeOptions: ['online'] }), { kind: 'registration-fee', feeOption: 'hybrid' })).toBe(
      false,
    );
    expect(inScope(rule({ scope: 'plans', planIds: ['3'] }), { kind: 'plan', planId: '3' })).toBe(true);
    expect(inScope(rule({ scope: 'plans', planIds: ['3'] }), { kind: 'plan', planId: '4' })).toBe(false);
  });
});

describe('refusal', () => {
  const check = (r: CodeRule, over: Partial<Parameters<typeof refusal>[1]> = {}) =>
    refusal(r, { email: 'asha@example.com', target: course, now, uses: none, ...over });
  it('the window: starts on (IST date), expired at the end', () => {
    expect(check(rule({ validFrom: new Date('2026-11-30T18:30:00Z') }))).toBe('This code starts on 1 Dec 2026');
    expect(check(rule({ validUntil: now }))).toBe('This code has expired');
    expect(check(rule({ validFrom: new Date('2026-11-01T00:00:00Z'), validUntil: new Date('2026-12-01T00:00:00Z') }))).toBeNull();
  });
  it('scope, issued-to, once per person, uses left, active, in that order', () => {
    expect(check(rule({ active: false }))).toBe('This code is no longer active');
    expect(check(rule({ scope: 'registration-fees' }))).toBe('This code is not valid for this course');
    expect(check(rule({ issuedToEmail: 'meera@example.com' }))).toBe('This code was issued to another person');
    expect(check(rule({ issuedToEmail: 'asha@example.com' }))).toBeNull();
    expect(check(rule(), { uses: { taken: 1, byPerson: 1 } })).toBe('You have already used this code');
    expect(check(rule({ oncePerPerson: false }), { uses: { taken: 1, byPerson: 1 } })).toBeNull();
    expect(check(rule({ maxUses: 5 }), { uses: { taken: 5, byPerson: 0 } })).toBe('This code has been fully used');
    expect(check(rule({ maxUses: 5 }), { uses: { taken: 4, byPerson: 0 } })).toBeNull();
  });
  it('without a known buyer (a preview), the per-person rules wait for checkout', () => {
    expect(check(rule({ issuedToEmail: 'meera@example.com' }), { email: null, uses: { taken: 1, byPerson: 1 } })).toBeNull();
  });
});
