import { describe, expect, it } from 'vitest';
import { loadRewrites, rewritePath } from './dev-rewrites.ts';

describe('dev rewrites', () => {
  const rewrites = loadRewrites();

  it('serves the shells Netlify serves for addresses with an id', () => {
    expect(rewritePath(rewrites, '/buy/0123456789abcdef01234567')).toBe('/buy/view.html');
    expect(rewritePath(rewrites, '/course/0123456789abcdef01234567')).toBe('/course/view.html');
    expect(rewritePath(rewrites, '/admin/update-course/0123456789abcdef01234567')).toBe('/admin/update-course.html');
  });

  it('leaves every other address alone', () => {
    expect(rewritePath(rewrites, '/courses')).toBe('/courses');
    expect(rewritePath(rewrites, '/buy')).toBe('/buy');
  });
});
