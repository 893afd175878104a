import { describe, expect, it } from 'vitest';
import { checkMessage, LINE_BREAKS_REFUSED, MESSAGE_KINDS } from './kinds.ts';

const whatsapp = {
  phone: '+919800000001',
  email: 'asha@example.com',
  fallback: { subject: 'Your receipt', text: 'Paid' },
  tag: 'course-receipt',
};

describe('message kinds', () => {
  it('registers each kind with its channels and where its words come from', () => {
    expect(Object.keys(MESSAGE_KINDS).sort()).toEqual(['email', 'laid-out-email', 'whatsapp']);
    expect(MESSAGE_KINDS.whatsapp.channels).toEqual(['whatsapp', 'email']);
    for (const kind of Object.values(MESSAGE_KINDS)) expect(kind.wording).not.toBe('');
  });

  it('takes a message that fits its kind', () => {
    expect(() => checkMessage({ kind: 'email', email: { to: 'asha@example.com', subject: 'Hello', text: 'Body' } })).not.toThrow();
    expect(() =>
      checkMessage({
        kind: 'whatsapp',
        whatsapp: { ...whatsapp, template: { name: 'payment_received', language: 'en', variables: ['Asha'] } },
      }),
    ).not.toThrow();
    expect(() => checkMessage({ kind: 'whatsapp', whatsapp: { ...whatsapp, text: 'Hello' } })).not.toThrow();
  });

  it('refuses one that does not, before anything is written', () => {
    expect(() => checkMessage({ kind: 'email', email: { to: 'a@example.com\r\nBcc: x@evil.test', subject: 'Hi', text: 'x' } })).toThrow(
      LINE_BREAKS_REFUSED,
    );
    expect(() =>
      checkMessage({
        kind: 'laid-out-email',
        email: { to: 'asha@example.com', content: { subject: 'Hi\nBcc: x@evil.test', greeting: 'Hello,', blocks: [] } },
      }),
    ).toThrow(LINE_BREAKS_REFUSED);
    expect(() => checkMessage({ kind: 'whatsapp', whatsapp })).toThrow('A WhatsApp message is a template or free text');
    expect(() =>
      checkMessage({
        kind: 'whatsapp',
        whatsapp: { ...whatsapp, text: 'Hello', template: { name: 'payment_received', language: 'en', variables: [] } },
      }),
    ).toThrow('A WhatsApp message is a template or free text');
  });
});
