import { describe, expect, it } from 'vitest';
import { safeNext } from './session.ts';

const ORIGIN = 'https://aspira.example';
const next = (value: string | null, within?: string) => safeNext(value, '/courses', within, ORIGIN);

// Each of these is, or a browser normalises it into, a way off the site.
const ATTACKS = [
  '//evil.example/',
  '/\\evil.example/',
  '/\\/evil.example/',
  '\\\\evil.example',
  '/\t/evil.example/',
  '/\n/evil.example/',
  '/\r\n/evil.example/',
  '/\u0000/evil.example',
  ' /\\evil.example',
  '/ /evil.example',
  '/%2F/evil.example',
  '/%5Cevil.example',
  '/%09/evil.example',
  'https://evil.example/',
  'HTTPS://evil.example',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  '@evil.example',
  '/@evil.example'.replace('/', '//'),
  '//user:pass@evil.example',
  'https:evil.example',
  '/\u3000/evil.example',
  '/\u00a0/evil.example',
  '',
];

describe('safeNext', () => {
  it.each(ATTACKS)('sends %j to the safe default', (value) => {
    expect(next(value)).toBe('/courses');
  });

  it('follows same-origin paths, query and fragment kept', () => {
    expect(next('/buy/6801c2a4f1e2b3c4d5e6fd75')).toBe('/buy/6801c2a4f1e2b3c4d5e6fd75');
    expect(next('/course/abc?tab=2#faq')).toBe('/course/abc?tab=2#faq');
    expect(next('/@evil.example')).toBe('/@evil.example');
    expect(next(null)).toBe('/courses');
  });

  it('keeps an admin inside /admin/', () => {
    expect(safeNext('/admin/leads', '/admin/dashboard', '/admin/', ORIGIN)).toBe('/admin/leads');
    expect(safeNext('/purchases', '/admin/dashboard', '/admin/', ORIGIN)).toBe('/admin/dashboard');
    expect(safeNext('/admin/../purchases', '/admin/dashboard', '/admin/', ORIGIN)).toBe('/admin/dashboard');
  });
});
