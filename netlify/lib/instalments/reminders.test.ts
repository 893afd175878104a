import { describe, expect, it } from 'vitest';
import { reminderKind } from './reminders.ts';

describe('reminderKind', () => {
  it('upcoming 1-7 days before, due on the day and 2 days after, overdue from 3 days after', () => {
    const due = '2026-12-23';
    const on = (today: string) => reminderKind(today, due);
    expect(on('2026-12-15')).toBeNull();
    expect(on('2026-12-16')).toBe('upcoming');
    expect(on('2026-12-22')).toBe('upcoming');
    expect(on('2026-12-23')).toBe('due');
    expect(on('2026-12-25')).toBe('due');
    expect(on('2026-12-26')).toBe('overdue');
    expect(on('2027-03-01')).toBe('overdue');
  });
});
