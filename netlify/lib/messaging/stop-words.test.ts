import { describe, expect, it } from 'vitest';

describe('reading a reply as STOP or START', () => {
  it('is tolerant of case, punctuation, spaces and the usual synonyms, in English and Hindi', async () => {
    const { replyIntent } = await import('./stop-words.ts');
    for (const text of [
      'stop',
      'Stop.',
      'STOP!',
      ' stop ',
      'Opt-out',
      'opt out',
      'OPTOUT',
      'unsubscribe',
      'Cancel',
      'stop all',
      'End',
      'quit!!',
      'रोकें',
      'बंद करें।',
      'बंद',
      '🛑 STOP 🛑',
    ]) {
      expect(replyIntent(text), text).toBe('stop');
    }
    for (const text of ['START', 'start.', 'Unstop', 'resume', 'शुरू करें']) expect(replyIntent(text), text).toBe('start');
    for (const text of ['stop sending fees?', 'Can you call me?', '', 'stopping by tomorrow']) expect(replyIntent(text), text).toBeNull();
  });
});
