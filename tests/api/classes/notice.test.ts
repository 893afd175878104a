/**
 * The privacy notice names the live-class meeting host: Zoom receives a learner's name and email to
 * register them for each live class (docs/zoom.md), so the notice says so, in English and Hindi,
 * under a new version.
 */
import { describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/consent.ts';
import { NOTICE } from '../../../src/shared/notice.ts';

describe('the privacy notice and live classes', () => {
  it('names Zoom as receiving learners’ names and emails for live classes, in both languages', () => {
    expect(NOTICE.en.recipients).toMatch(/Zoom \(live classes: your name and email,/);
    expect(NOTICE.hi.recipients).toMatch(/Zoom \(लाइव कक्षाएँ: आपका नाम और ईमेल,/);
    expect(NOTICE.en.items.map((i) => i.data)).toContain('Attendance: minutes in live classes and classroom check-ins');
    expect(NOTICE.hi.items).toHaveLength(NOTICE.en.items.length);
  });

  it('is a new version of the notice (the one before named no meeting host)', () => {
    expect(PRIVACY_NOTICE_VERSION > '2026-11-30').toBe(true);
  });
});
