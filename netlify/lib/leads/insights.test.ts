import { describe, expect, it } from 'vitest';
import { formatMinutes, formatRate } from '../../../src/shared/insights.ts';
import { todayInIndia, weeksEnding } from './insights.ts';

describe('insights periods and formats', () => {
  it('takes the 12 Monday-weeks ending with the week of a date', () => {
    const sunday = weeksEnding('2026-03-15');
    expect(sunday).toHaveLength(12);
    expect([sunday[0], sunday[11]]).toEqual(['2025-12-22', '2026-03-09']);
    expect(weeksEnding('2026-03-09')).toEqual(sunday);
    expect(weeksEnding('2026-03-16').at(-1)).toBe('2026-03-16');
  });

  it("knows today's date in India (after 18:30 UTC it is already tomorrow)", () => {
    expect(todayInIndia(new Date('2026-03-15T18:29:00Z'))).toBe('2026-03-15');
    expect(todayInIndia(new Date('2026-03-15T18:30:00Z'))).toBe('2026-03-16');
  });

  it('writes durations and rates for people', () => {
    expect([formatMinutes(null), formatMinutes(45.4), formatMinutes(60), formatMinutes(200), formatMinutes(3000)]).toEqual([
      '-',
      '45 min',
      '1 h',
      '3 h 20 min',
      '2 d 2 h',
    ]);
    expect([formatRate(null), formatRate(0), formatRate(4 / 7), formatRate(1)]).toEqual(['-', '0%', '57.1%', '100%']);
  });
});
