/**
 * The content schemas refuse a misspelt key instead of dropping it: a typo such as `curency: EUR`
 * would otherwise price a fee in rupees, and `eybrow` would vanish without a word.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { money, page, seo } from './content-schemas.ts';

const pageSchema = z.strictObject(page(() => z.string()));

const goodPage = {
  seo: { title: 'AspiraDiscover', description: 'Thirty days in India.' },
  hero: { title: 'Discover India', eyebrow: 'AspiraDiscover' },
  facts: [{ label: 'Fee', money: { amount: 1500, currency: 'EUR' }, note: 'all-inclusive' }],
};

describe('content schemas', () => {
  it('accept a well-formed page', () => {
    expect(pageSchema.safeParse(goodPage).success).toBe(true);
    expect(money.parse({ amount: 1500, currency: 'EUR' })).toEqual({ amount: 1500, currency: 'EUR' });
  });

  it.each([
    ['money', () => money.safeParse({ amount: 1500, curency: 'EUR' })],
    ['seo', () => seo.safeParse({ ...goodPage.seo, descripton: 'typo' })],
    ['hero', () => pageSchema.safeParse({ ...goodPage, hero: { title: 'Discover India', eybrow: 'AspiraDiscover' } })],
    ['fact', () => pageSchema.safeParse({ ...goodPage, facts: [{ label: 'Fee', value: '€1,500', nte: 'all-inclusive' }] })],
  ])('refuse a misspelt key in %s, naming it', (_name, parse) => {
    const result = parse();
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toMatch(/curency|descripton|eybrow|nte/);
  });
});
