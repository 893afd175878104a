import { describe, expect, it } from 'vitest';
import { minutesOnline } from './meeting-report.ts';
import { joinWindow } from './join.ts';
import { reminderKindFor } from './reminders.ts';

const t = (minute: number) => new Date(Date.UTC(2030, 0, 10, 13, minute));
const span = (from: number, to: number) => ({ joinedAt: t(from), leftAt: t(to) });

describe('minutesOnline', () => {
  it('merges overlapping and nested joins, adds separate ones, ignores empty or reversed ones', () => {
    expect(minutesOnline([])).toBe(0);
    expect(minutesOnline([span(0, 30), span(15, 45)])).toBe(45);
    expect(minutesOnline([span(0, 50), span(10, 20)])).toBe(50);
    expect(minutesOnline([span(0, 10), span(20, 30), span(25, 40)])).toBe(30);
    expect(minutesOnline([span(10, 10), span(30, 20)])).toBe(0);
    expect(minutesOnline([{ joinedAt: t(0), leftAt: new Date(t(0).getTime() + 89_000) }])).toBe(1);
  });
});

describe('joinWindow and reminderKindFor', () => {
  it('opens 15 minutes before the start and closes at the end', () => {
    expect(joinWindow(t(30), 60)).toEqual({ opensAt: t(15), closesAt: t(90) });
  });

  it("'hour' within 65 minutes (never for a deadline), 'day' from 2 to 24 hours ahead, nothing otherwise", () => {
    const now = t(0);
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    expect(reminderKindFor('live', at(60), now)).toBe('hour');
    expect(reminderKindFor('classroom', at(65), now)).toBe('hour');
    expect(reminderKindFor('deadline', at(60), now)).toBeNull();
    expect(reminderKindFor('live', at(90), now)).toBeNull();
    expect(reminderKindFor('deadline', at(121), now)).toBe('day');
    expect(reminderKindFor('live', at(24 * 60), now)).toBe('day');
    expect(reminderKindFor('live', at(24 * 60 + 1), now)).toBeNull();
    expect(reminderKindFor('live', at(0), now)).toBeNull();
  });
});
