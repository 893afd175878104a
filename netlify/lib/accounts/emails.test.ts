import { describe, expect, it } from 'vitest';
import { passwordChanged, resetPassword, signupAttempt, verifyEmail } from './emails.ts';

// Configuration is read lazily; a unit test needs only a well-formed value.
process.env.DATABASE_URL ??= 'postgres://aspira@localhost:5432/aspira';

const TOKEN = 'A'.repeat(43);

describe('account emails', () => {
  it('link to the role’s own pages on this site, with the token only where one is sent', () => {
    expect(verifyEmail('user', 'Asha', TOKEN).text).toMatch(new RegExp(`https?://[^/]+/verify-email\\?token=${TOKEN}`));
    expect(verifyEmail('admin', 'Asha', TOKEN).text).toMatch(new RegExp(`/admin/verify-email\\?token=${TOKEN}`));
    expect(resetPassword('user', 'Asha', TOKEN).text).toMatch(new RegExp(`/reset-password\\?token=${TOKEN}`));
    expect(resetPassword('admin', 'Asha', TOKEN).text).toMatch(/\/admin\/reset-password\?token=/);
    const attempt = signupAttempt('user', 'Asha', 'asha+x@example.com');
    expect(attempt.text).toContain('/forgot-password?email=asha%2Bx%40example.com');
    expect(attempt.text).not.toContain('token=');
    expect(passwordChanged('admin', 'Asha').text).toContain('/admin/forgot-password');
  });

  it('greet only a plain name: a name that reads as a message or a link becomes "there"', () => {
    expect(verifyEmail('user', 'Asha', TOKEN).text).toMatch(/^Hello Asha,/);
    expect(verifyEmail('user', 'Visit evil.example now', TOKEN).text).toMatch(/^Hello there,/);
    expect(signupAttempt('user', 'call 98100', 'a@example.com').text).toMatch(/^Hello there,/);
  });

  it('say how long a link works', () => {
    expect(verifyEmail('user', 'Asha', TOKEN).text).toContain('for 24 hours');
    expect(resetPassword('user', 'Asha', TOKEN).text).toContain('for 30 minutes');
  });
});
