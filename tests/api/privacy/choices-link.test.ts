import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { choicesEmail, choicesToken, choicesUrl } from '../../../netlify/lib/privacy/index.ts';
import { useTestDatabase } from '../support/harness.ts';

useTestDatabase();

describe('the signed "Your choices" link', () => {
  it('names the address it was made for, lower case, and nothing after tampering', async () => {
    const token = await choicesToken(' Asha.Verma@Example.com ');
    expect(await choicesEmail(token)).toBe('asha.verma@example.com');
    const [head, body, sig] = token.split('.');
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), sub: 'x@example.com' })).toString(
      'base64url',
    );
    expect(await choicesEmail(`${head}.${other}.${sig}`)).toBeNull();
    expect(await choicesEmail('not-a-token')).toBeNull();
    expect(new URL(await choicesUrl('a@example.com')).pathname).toBe('/choices');
  });

  it('refuses a session-style token and an expired one', async () => {
    const secret = new TextEncoder().encode(process.env['JWT_SECRET'] ?? 'local-development-secret-not-for-production-use');
    const session = await new SignJWT({ role: 'user' }).setProtectedHeader({ alg: 'HS256' }).setSubject('a@example.com').sign(secret);
    expect(await choicesEmail(session)).toBeNull();
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('a@example.com')
      .setAudience('aspira-choices')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    expect(await choicesEmail(expired)).toBeNull();
  });
});
