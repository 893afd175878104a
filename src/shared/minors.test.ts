import { describe, expect, it } from 'vitest';
import { ageOn, dateOfBirthProblem, guardianProblems, isMinorDateOfBirth } from './minors.ts';

const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('who is a child (DPDP Act s.2(f): under 18)', () => {
  it('counts whole years, turning a year older on the birthday itself', () => {
    expect(ageOn('2008-11-25', on('2026-11-24'))).toBe(17);
    expect(ageOn('2008-11-25', on('2026-11-25'))).toBe(18);
    expect(isMinorDateOfBirth('2008-11-26', on('2026-11-25'))).toBe(true);
    expect(isMinorDateOfBirth('2008-11-25', on('2026-11-25'))).toBe(false);
    expect(ageOn('2008-02-29', on('2026-02-28'))).toBe(17);
    expect(ageOn('2008-02-29', on('2026-03-01'))).toBe(18);
  });

  it('refuses a date that is not real, in the future, or under 14', () => {
    expect(ageOn('2008-02-30')).toBeNull();
    expect(ageOn('25/11/2008')).toBeNull();
    expect(dateOfBirthProblem('', on('2026-11-25'))).toBe('Enter your date of birth');
    expect(dateOfBirthProblem('2008-13-01', on('2026-11-25'))).toBe('Enter a real date of birth');
    expect(dateOfBirthProblem('2027-01-01', on('2026-11-25'))).toBe('Your date of birth cannot be in the future');
    expect(dateOfBirthProblem('2013-01-01', on('2026-11-25'))).toBe('You must be at least 14 to apply');
    expect(dateOfBirthProblem('2012-11-25', on('2026-11-25'))).toBeUndefined();
    expect(dateOfBirthProblem('1900-01-01', on('2026-11-25'))).toBe('Enter a real date of birth');
  });

  it("wants the parent's own email and a real phone", () => {
    const parent = { parentName: 'Meera', parentEmail: 'Child@Example.com', parentPhone: '12' };
    expect(guardianProblems(parent, 'child@example.com').map((p) => p.field)).toEqual(['parentEmail', 'parentPhone']);
    expect(guardianProblems({ ...parent, parentEmail: 'meera@example.com', parentPhone: '+91 98100 11111' }, 'child@example.com')).toEqual(
      [],
    );
  });
});
