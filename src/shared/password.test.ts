import { describe, expect, it } from 'vitest';
import { changePasswordSchema, userSignupSchema } from './account.ts';
import { enablePasswordCheckInSchemas, newPasswordProblem, personalProblem } from './password.ts';

const person = { email: 'asha.rao@example.com', firstName: 'Asha', lastName: 'Rao' };

describe('password rules', () => {
  it('accepts a long passphrase without digits or capitals (no composition rule)', async () => {
    expect(await newPasswordProblem('correct horse battery', person)).toBeNull();
    expect(await newPasswordProblem('learn2grow!', person)).toBeNull();
    expect(await newPasswordProblem(`${'tiger lily moon '.repeat(7)}`.trim(), person)).toBeNull();
  });

  it('refuses by length, saying the bound', async () => {
    expect(await newPasswordProblem('a1b2c3', person)).toBe('Password must be at least 8 characters');
    expect(await newPasswordProblem('x'.repeat(129), person)).toBe('Password must be at most 128 characters');
  });

  it('refuses common and easily guessed passwords, saying why', async () => {
    for (const password of ['password1', 'qwerty123', '1234567890', 'Password123', 'iloveyou', 'aspira2024', 'aaaaaaaaaa']) {
      const problem = await newPasswordProblem(password, person);
      expect(problem, password).toMatch(/\. Choose another: a few unrelated words/);
    }
    expect(await newPasswordProblem('password1')).toMatch(/^This is a commonly used password\./);
  });

  it('refuses the name or the email address inside the password, in any case', () => {
    expect(personalProblem('Asha-rocks-2026', person)).toBe('Password must not contain your name');
    expect(personalProblem('my RAO secret', person)).toBe('Password must not contain your name');
    expect(personalProblem('tiger-lily@example.com', { email: 'tiger-lily@example.com' })).toBe(
      'Password must not contain your email address',
    );
    expect(personalProblem('my name is moonbeam99', { ...person, email: 'moonbeam99@example.com' })).toBe(
      'Password must not contain your email address',
    );
    expect(personalProblem('correct horse battery', person)).toBeNull();
    expect(personalProblem('another1pass', { firstName: 'Other' })).toBeNull();
    // Very short name parts are too common in ordinary words to refuse.
    expect(personalProblem('bold kite echo', { firstName: 'Al', lastName: 'Ek' })).toBeNull();
  });

  it('shared schemas: length and the personal rule always; common passwords once the checker is loaded', async () => {
    const signup = { firstName: 'Asha', lastName: 'Rao', email: 'Asha.Rao@example.com' };
    expect(userSignupSchema.safeParse({ ...signup, password: 'correct horse battery' }).success).toBe(true);
    const named = userSignupSchema.safeParse({ ...signup, password: 'asha is great' });
    expect(named.error?.issues).toEqual([expect.objectContaining({ path: ['password'], message: 'Password must not contain your name' })]);
    expect(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'password1' }).success).toBe(true);
    await enablePasswordCheckInSchemas();
    const common = changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'password1' });
    expect(common.error?.issues[0]).toMatchObject({ path: ['newPassword'], message: expect.stringMatching(/commonly used password/) });
  });
});
