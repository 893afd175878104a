import { describe, expect, it } from 'vitest';
import { courseFormSchema } from './catalogue.ts';
import { discountOf } from './course.ts';

describe('discountOf', () => {
  it('is null without a real list price above the price', () => {
    expect(discountOf({ price: 249000, listPrice: null })).toBeNull();
    expect(discountOf({ price: 249000, listPrice: 249000 })).toBeNull();
    expect(discountOf({ price: 249000, listPrice: 5999 })).toBeNull();
  });

  it('computes the percentage from the two, rounded down so it never overstates', () => {
    expect(discountOf({ price: 4000, listPrice: 5000 })).toEqual({ listPrice: 5000, percent: 20 });
    expect(discountOf({ price: 299000, listPrice: 311250 })).toEqual({ listPrice: 311250, percent: 3 }); // 3.94%
    expect(discountOf({ price: 270, listPrice: 300 })).toEqual({ listPrice: 300, percent: 10 });
    expect(discountOf({ price: 1000, listPrice: 1000.5 })?.percent).toBe(0);
  });
});

describe('course form: list price', () => {
  const base = { title: 'T', description: 'D', price: '4000' };
  it('is optional; empty means none', () => {
    expect(courseFormSchema.parse(base).listPrice).toBeUndefined();
    expect(courseFormSchema.parse({ ...base, listPrice: ' ' }).listPrice).toBeUndefined();
    expect(courseFormSchema.parse({ ...base, listPrice: '5000' }).listPrice).toBe(5000);
  });
  it('must be above the price, naming the field', () => {
    const result = courseFormSchema.safeParse({ ...base, listPrice: '4000' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['listPrice'], message: 'List price must be more than the price, or left empty for no discount' }),
    ]);
    expect(courseFormSchema.safeParse({ ...base, listPrice: 'x' }).error?.issues[0]?.path).toEqual(['listPrice']);
  });
});
