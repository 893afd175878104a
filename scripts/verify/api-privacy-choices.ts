/**
 * Children, choices and privacy requests on the served site (docs/dpdp.md): a 16-year-old's
 * registration waits for the parent's link, the parent confirms; "Your choices" from an email's
 * signed link lists and withdraws; a forged link changes nothing; one-click unsubscribe needs its
 * body; a privacy request is asked and confirmed by its link; breach help is for owners only.
 */
import type { ApiClient } from './api-client.ts';

export async function checkPrivacyChoicesApi(api: ApiClient, stamp: number): Promise<void> {
  const { call, good, bad, latestOtp, report, sql } = api;
  const child = `child.${stamp}@example.com`;
  const parent = `parent.${stamp}@example.com`;
  await call('POST', '/api/v1/otp/send', { body: { email: child } });
  const verified = await call('POST', '/api/v1/otp/verify', { body: { email: child, otp: await latestOtp(child) } });
  const form = {
    name: 'Asha Verma',
    email: child,
    phone: '+91 98765 43210',
    fatherName: 'Ravi Verma',
    dateOfBirth: `${new Date().getUTCFullYear() - 16}-01-01`,
    highschool: '90',
    motivation: 'To find my course.',
    verificationToken: verified.body?.verificationToken,
  };
  await bad(
    'POST /user/register-unpaid (a child without a parent)',
    400,
    await call('POST', '/api/v1/user/register-unpaid', { body: form }),
  );
  const held = await good(
    'POST /user/register-unpaid (a child)',
    201,
    'parentConsent',
    await call('POST', '/api/v1/user/register-unpaid', {
      body: { ...form, parentName: 'Meera Verma', parentEmail: parent, parentPhone: '9810011111' },
    }),
  );
  const registrationToken = held.body?.registrationToken;
  await bad(
    'POST /payment/create-order (awaiting the parent) [bundle]',
    403,
    await call('POST', '/api/v1/payment/create-order', { body: { registrationToken, feeOption: 'online', state: '06' }, bundle: true }),
  );
  const [mail] = await sql<{ text_body: string }[]>`
    select text_body from email_outbox where to_address = ${parent} and tag = 'parent-consent' order by id desc limit 1`;
  const token = decodeURIComponent(mail?.text_body.match(/\/parent-consent\?t=([\w%-]+)/)?.[1] ?? '');
  await bad(
    'POST /parent-consent/decide (forged) [bundle]',
    404,
    await call('POST', '/api/v1/parent-consent/decide', { body: { token: 'A'.repeat(43), decision: 'given' }, bundle: true }),
  );
  await good('POST /parent-consent/view', 200, 'childName', await call('POST', '/api/v1/parent-consent/view', { body: { token } }));
  await good(
    'POST /parent-consent/decide',
    200,
    'status',
    await call('POST', '/api/v1/parent-consent/decide', { body: { token, decision: 'given' } }),
  );
  const status = await call('POST', '/api/v1/user/registration-status', { body: { registrationToken } });
  report.add('the parent confirmed: the registration continues', 'given', String(status.body?.parentConsent));

  const [otp] = await sql<{ text_body: string }[]>`select text_body from email_outbox where to_address = ${child} order by id limit 1`;
  const choices = decodeURIComponent(otp?.text_body.match(/\/choices\?t=([\w.%-]+)/)?.[1] ?? '');
  await good('POST /choices', 200, 'consents', await call('POST', '/api/v1/choices', { body: { token: choices } }));
  await bad('POST /choices (forged)', 401, await call('POST', '/api/v1/choices', { body: { token: `${choices.slice(0, -4)}AAAA` } }));
  await bad(
    'POST /choices/unsubscribe (no one-click body)',
    400,
    await call('POST', `/api/v1/choices/unsubscribe?t=${encodeURIComponent(choices)}`, {
      raw: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  );
  await good(
    'POST /choices/withdraw',
    200,
    'withdrawn',
    await call('POST', '/api/v1/choices/withdraw', { body: { token: choices, purpose: 'registration' } }),
  );

  const requester = `requester.${stamp}@example.com`;
  await bad(
    'POST /privacy/request (correction without details)',
    400,
    await call('POST', '/api/v1/privacy/request', { body: { email: requester, kind: 'correction' } }),
  );
  await good(
    'POST /privacy/request',
    202,
    'message',
    await call('POST', '/api/v1/privacy/request', { body: { email: requester, kind: 'export' } }),
  );
  const [ask] = await sql<{ text_body: string }[]>`
    select text_body from email_outbox where to_address = ${requester} and tag = 'privacy-request' order by id desc limit 1`;
  const askToken = decodeURIComponent(ask?.text_body.match(/\/privacy-request\?t=([\w%-]+)/)?.[1] ?? '');
  await good(
    'POST /privacy/request/confirm',
    200,
    'dueAt',
    await call('POST', '/api/v1/privacy/request/confirm', { body: { token: askToken } }),
  );
  await bad('GET /admin/privacy/rights-requests (no session)', 401, await call('GET', '/api/v1/admin/privacy/rights-requests'));
  await bad('POST /admin/breach/preview (no session)', 401, await call('POST', '/api/v1/admin/breach/preview', { body: {} }));
}
