import { describe, expect, it } from 'vitest';
import { queryOf } from './useAdminQuery.ts';

describe('queryOf', () => {
  it('keeps the filled values, trimmed and encoded, and drops blank ones', () => {
    expect(queryOf({ kind: 'order', q: '  Asha Verma ', owner: '', stage: '   ' })).toBe('?kind=order&q=Asha+Verma');
    expect(queryOf({ q: 'a&b=c' })).toBe('?q=a%26b%3Dc');
  });

  it('is empty when nothing is filled', () => {
    expect(queryOf({ from: '', to: ' ' })).toBe('');
  });
});
