import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, istDay, partStatus, spreadDiscount } from './instalments.ts';

describe('spreadDiscount', () => {
  it('a percent comes off each part, rounded half-up to the paisa', () => {
    expect(spreadDiscount([5_000_000, 5_000_000], { percentOff: 50 })).toEqual([2_500_000, 2_500_000]);
    expect(spreadDiscount([101, 3], { percentOff: 50 })).toEqual([51, 2]);
    expect(spreadDiscount([999], { percentOff: 100 })).toEqual([999]);
  });
  it('a fixed amount comes off the last parts first, never more than a part', () => {
    expect(spreadDiscount([5_000_000, 5_000_000, 5_000_000], { amountOffPaise: 6_000_000 })).toEqual([0, 1_000_000, 5_000_000]);
    expect(spreadDiscount([100, 200], { amountOffPaise: 10_000 })).toEqual([100, 200]);
    expect(spreadDiscount([100, 200], null)).toEqual([0, 0]);
  });
});

describe('IST days', () => {
  it('a payment at 20:00 UTC is the next day in India', () => {
    expect(istDay(new Date('2026-11-23T20:00:00Z'))).toBe('2026-11-24');
    expect(istDay(new Date('2026-11-23T18:29:59Z'))).toBe('2026-11-23');
  });
  it('adds days across months and years; counts days between', () => {
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
    expect(daysBetween('2026-11-23', '2026-12-23')).toBe(30);
    expect(daysBetween('2026-12-23', '2026-12-20')).toBe(-3);
  });
  it('a part is overdue only after its due day', () => {
    expect(partStatus({ status: 'due', dueOn: '2026-11-23' }, '2026-11-23')).toBe('due');
    expect(partStatus({ status: 'due', dueOn: '2026-11-23' }, '2026-11-24')).toBe('overdue');
    expect(partStatus({ status: 'paid', dueOn: '2026-11-01' }, '2026-11-24')).toBe('paid');
  });
});
