import { describe, expect, it } from 'vitest';
import { composeEmail } from './layout.ts';

// Configuration is read lazily; a unit test needs only a well-formed value.
process.env.DATABASE_URL ??= 'postgres://aspira@localhost:5432/aspira';

describe('composeEmail', () => {
  const email = composeEmail({
    subject: 'Your receipt',
    greeting: 'Hello <b>Asha</b>,',
    blocks: [
      'Paid & done.',
      { facts: [['Amount', '₹8,500']] },
      { link: { label: 'Open', url: 'http://localhost:8888/a?x=1&y="2"' } },
      { list: ['one'] },
    ],
    footer: 'Why you got this.',
    withSupport: true,
  });

  it('writes the same words in text and HTML, escaping HTML', () => {
    expect(email.text).toContain('Hello <b>Asha</b>,');
    expect(email.text).toContain('Amount: ₹8,500');
    expect(email.text).toContain('Open: http://localhost:8888/a?x=1&y="2"');
    expect(email.text).toContain('- one');
    expect(email.html).toContain('Hello &lt;b&gt;Asha&lt;/b&gt;,');
    expect(email.html).toContain('Paid &amp; done.');
    expect(email.html).toContain('href="http://localhost:8888/a?x=1&amp;y=&quot;2&quot;"');
    expect(email.html).not.toContain('<b>');
  });

  it('adds the support contacts and the footer', () => {
    expect(email.text).toMatch(/Email: .+@/);
    expect(email.text.endsWith('Why you got this.')).toBe(true);
  });
});
