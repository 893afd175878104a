import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countWords, isWebUrl, normalisePhone, pitchSchema, PROGRAMMES } from './leads.ts';

describe('normalisePhone', () => {
  it.each([
    ['9810042424', '+919810042424'],
    ['98100 42424', '+919810042424'],
    ['098100-42424', '+919810042424'],
    ['919810042424', '+919810042424'],
    ['+91 98100 42424', '+919810042424'],
    ['+91 11 2345 6789', '+911123456789'],
    ['+44 20 7946 0958', '+442079460958'],
    ['0044 20 7946 0958', '+442079460958'],
    ['+1 (415) 555-0100', '+14155550100'],
  ])('%s -> %s', (typed, stored) => expect(normalisePhone(typed)).toBe(stored));

  it.each([
    '',
    '12345',
    '5810042424',
    '+91 98100',
    '+0 123456789',
    '+1234567',
    'call me',
    '9810042424 ext 5',
    '+91+9810042424',
    '98100424241234567',
  ])('refuses %j', (typed) => {
    expect(normalisePhone(typed)).toBeNull();
  });
});

describe('isWebUrl', () => {
  it.each(['https://example.com', 'http://a.b.co/deck?x=1', 'https://docs.google.com/presentation/d/abc'])('accepts %s', (url) =>
    expect(isWebUrl(url)).toBe(true),
  );
  it.each([
    'example.com',
    'javascript:alert(1)',
    'ftp://example.com',
    'https://localhost',
    'https://user:pw@example.com',
    'https://exa mple.com',
    'mailto:a@example.com',
    '',
  ])('refuses %j', (url) => {
    expect(isWebUrl(url)).toBe(false);
  });
});

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['one', 1],
    [' one  two\nthree\tfour ', 4],
  ])('%j has %i words', (text, words) => expect(countWords(text)).toBe(words));
});

describe('pitch schema', () => {
  it('does not enforce the 300-word guide (docs/product.md, Entities), only a character bound', () => {
    const idea = Array.from({ length: 400 }, () => 'word').join(' ');
    const result = pitchSchema.shape.startupIdea.safeParse(idea);
    expect(result.success).toBe(true);
    expect(pitchSchema.shape.startupIdea.safeParse('x'.repeat(3001)).success).toBe(false);
  });
});

describe('lead settings', () => {
  it('the confirmation email gives the same contacts as the site settings', async () => {
    const site = readFileSync(new URL('../content/site.yaml', import.meta.url), 'utf8');
    const { env, resetEnvForTests } = await import('../../netlify/lib/platform/env.ts');
    const saved = { ...process.env };
    try {
      for (const key of ['SUPPORT_EMAIL', 'SUPPORT_PHONE']) delete process.env[key];
      process.env.DATABASE_URL ??= 'postgres://unused';
      resetEnvForTests();
      expect(site).toContain(`email: ${env().SUPPORT_EMAIL}\n`);
      expect(site).toContain(`display: ${env().SUPPORT_PHONE}\n`);
    } finally {
      process.env = saved;
      resetEnvForTests();
    }
  });

  it('programme choices are the seven of docs/product.md, in order', () => {
    expect(PROGRAMMES).toEqual([
      'Data Analytics',
      'Sales Management',
      'Digital Marketing',
      'Business Intelligence',
      'Product Management',
      'General Certification',
      'Advanced Certification',
    ]);
  });
});
