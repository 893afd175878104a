import { describe, expect, it } from 'vitest';
import { mailboxKey, sameMailbox } from './mailbox.ts';

describe('the mailbox key', () => {
  it('lower case, no +tag, no dots for Gmail (googlemail is gmail)', () => {
    expect(mailboxKey(' Na.Me+again@Gmail.com ')).toBe('name@gmail.com');
    expect(mailboxKey('N.A.M.E@GOOGLEMAIL.COM')).toBe('name@gmail.com');
    expect(mailboxKey('na.me+x+y@example.com')).toBe('na.me@example.com');
    expect(mailboxKey('+tag@example.com')).toBe('+tag@example.com');
    expect(mailboxKey('...@gmail.com')).toBe('...@gmail.com');
  });

  it('tells aliases of one inbox from different inboxes', () => {
    expect(sameMailbox('kid+mum@gmail.com', 'kid@gmail.com')).toBe(true);
    expect(sameMailbox('k.i.d@gmail.com', 'kid@googlemail.com')).toBe(true);
    expect(sameMailbox('k.i.d@example.com', 'kid@example.com')).toBe(false);
    expect(sameMailbox('mum@gmail.com', 'kid@gmail.com')).toBe(false);
  });
});
