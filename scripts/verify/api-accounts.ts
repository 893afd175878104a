/**
 * Accounts on the served site: an address is confirmed from its emailed link before buying (or,
 * for an admin, before logging in); a forgotten password is reset from its emailed link, and the
 * answers never tell whether an address has an account.
 */
import type { ApiClient } from './api-client.ts';
import type { Role } from '../../netlify/lib/auth/index.ts';

/** Confirms the address the way its emailed link does. */
export async function confirmByLink({ call, good, bad, latestLinkToken }: ApiClient, role: Role, email: string): Promise<void> {
  await bad(
    `POST /${role}/verify-email (unknown token)`,
    400,
    await call('POST', `/api/v1/${role}/verify-email`, { body: { token: 'x'.repeat(43) } }),
  );
  const token = await latestLinkToken(email, 'verify-email');
  await good(`POST /${role}/verify-email`, 200, 'message', await call('POST', `/api/v1/${role}/verify-email`, { body: { token } }));
}

/** Signup answers the same for a taken address; forgot -> reset; the old password stops working. */
export async function checkRecovery(api: ApiClient, stamp: number): Promise<void> {
  const { call, good, bad, latestLinkToken } = api;
  const person = { firstName: 'Farah', lastName: 'Khan', email: `recover.${stamp}@example.com`, password: 'monsoon cedar violin 3' };
  const first = await call('POST', '/api/v1/user/signup', { body: person });
  const again = await call('POST', '/api/v1/user/signup', { body: { ...person, password: 'another lantern 77' } });
  api.report.add(
    'same POST /user/signup (taken email)',
    `${first.status} ${first.text}`,
    `${again.status} ${again.text}`,
    first.status === again.status && first.text === again.text,
  );
  const unknown = await call('POST', '/api/v1/user/forgot-password', { body: { email: `nobody.${stamp}@example.com` } });
  const known = await good(
    'POST /user/forgot-password',
    200,
    'message',
    await call('POST', '/api/v1/user/forgot-password', { body: { email: person.email } }),
  );
  api.report.add(
    'same POST /user/forgot-password (unknown email)',
    `${known.status} ${known.text}`,
    `${unknown.status} ${unknown.text}`,
    known.text === unknown.text,
  );
  await bad(
    'POST /user/forgot-password (not an email)',
    400,
    await call('POST', '/api/v1/user/forgot-password', { body: { email: 'nope' } }),
  );
  const token = await latestLinkToken(person.email, 'reset-password');
  const newPassword = 'harbour quill meadow 8';
  await bad(
    'POST /user/reset-password (weak password)',
    400,
    await call('POST', '/api/v1/user/reset-password', { body: { token, password: 'password1' } }),
  );
  await good(
    'POST /user/reset-password',
    200,
    'message',
    await call('POST', '/api/v1/user/reset-password', { body: { token, password: newPassword } }),
  );
  await bad(
    'POST /user/reset-password (used link)',
    400,
    await call('POST', '/api/v1/user/reset-password', { body: { token, password: newPassword } }),
  );
  await bad(
    'POST /user/login (old password)',
    401,
    await call('POST', '/api/v1/user/login', { body: { email: person.email, password: person.password } }),
  );
  await good(
    'POST /user/login (new password)',
    200,
    'token',
    await call('POST', '/api/v1/user/login', { body: { email: person.email, password: newPassword } }),
  );
}
