import { describe, expect, it } from 'vitest';
import { matches } from './CourseList.tsx';
import { cutDescription } from './purchases-view.ts';

describe('course search', () => {
  const course = { title: 'Data Analytics', description: 'Clean and visualise data with Excel, SQL and Python.' };
  it('matches title or description, ignoring case and surrounding spaces', () => {
    expect(matches(course, 'analytics')).toBe(true);
    expect(matches(course, '  PYTHON ')).toBe(true);
    expect(matches(course, 'sql and')).toBe(true);
    expect(matches(course, '')).toBe(true);
    expect(matches(course, 'marketing')).toBe(false);
  });
});

describe('purchase description', () => {
  it('cuts at 100 characters and adds an ellipsis only when it cut', () => {
    expect(cutDescription('a'.repeat(100))).toBe('a'.repeat(100));
    expect(cutDescription('b'.repeat(101))).toBe(`${'b'.repeat(100)}...`);
    expect(cutDescription('short')).toBe('short');
  });
});
