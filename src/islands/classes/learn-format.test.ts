import { describe, expect, it } from 'vitest';
import { addDays, dayOf, istDay, mondayOf, noonOf, timeOf, whenOf } from './learn-format.ts';

describe("/learn's India times and weeks", () => {
  it('names the India day of an instant, not the UTC one', () => {
    // 20:00 UTC on Sunday is 1:30 am on Monday in India.
    expect(istDay(new Date('2026-11-29T20:00:00Z'))).toBe('2026-11-30');
    expect(istDay(new Date('2026-11-29T18:29:59Z'))).toBe('2026-11-29');
  });

  it('starts a week on Monday, across a month and a year', () => {
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2026-12-06')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
  });

  it('writes times as a learner in India reads them', () => {
    const at = new Date('2026-11-30T13:15:00Z');
    expect(timeOf(at)).toBe('6:45 pm');
    expect(dayOf(noonOf('2026-11-30'))).toBe('Mon, 30 Nov');
    expect(whenOf(at)).toBe('Mon, 30 Nov, 6:45 pm IST');
  });
});
