import { describe, expect, it } from 'vitest';
import { guardianProblems } from './minors.ts';
import { CONSENT_WORDS, parentMessageIn, SUBMIT_WORDS } from './consent-words.ts';

describe('the words around a consent, in Hindi', () => {
  it('every message the parent fields can show has its Hindi', () => {
    const cases = [
      { parentName: '', parentEmail: '', parentPhone: '' },
      { parentName: 'M', parentEmail: 'not-an-email', parentPhone: 'abc' },
      { parentName: 'M', parentEmail: 'kid+mum@gmail.com', parentPhone: '12' },
    ];
    const messages = new Set(cases.flatMap((values) => guardianProblems(values, 'kid@gmail.com').map((p) => p.message)));
    expect(messages.size).toBeGreaterThanOrEqual(6);
    for (const message of messages) expect(parentMessageIn('hi', message), message).not.toBe(message);
    for (const message of messages) expect(parentMessageIn('en', message)).toBe(message);
  });

  it('has every word and button in both languages, Hindi in Devanagari', () => {
    for (const words of [CONSENT_WORDS.hi, ...Object.values(SUBMIT_WORDS).map((w) => ({ label: w.hi }))]) {
      for (const text of Object.values(words)) expect(text).toMatch(/[\u0900-\u097F]/);
    }
    expect(Object.keys(CONSENT_WORDS.hi).sort()).toEqual(Object.keys(CONSENT_WORDS.en).sort());
  });
});
