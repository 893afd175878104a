import { describe, expect, it } from 'vitest';
import { formatPaise, formatRupees, paiseToRupees, rupeesToPaise } from './money.ts';

describe('money', () => {
  it('converts rupees and paise without float drift', () => {
    expect(rupeesToPaise(151570.5)).toBe(15157050);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(paiseToRupees(15157050)).toBe(151570.5);
  });
  it('formats with Indian grouping and only the paise there are', () => {
    expect(formatRupees(249000)).toBe('₹2,49,000');
    expect(formatRupees(151570.5)).toBe('₹1,51,570.50');
    expect(formatPaise(250000)).toBe('₹2,500');
    expect(formatPaise(101)).toBe('₹1.01');
    expect(formatPaise(110)).toBe('₹1.10');
    expect(formatRupees(10000000)).toBe('₹1,00,00,000');
    expect(formatRupees(0.1 + 0.2)).toBe('₹0.30');
  });
});
