/**
 * Requests another site makes a visitor's browser send: a form posted as text/plain (no CORS
 * preflight), any state change carrying a foreign Origin or Sec-Fetch-Site: cross-site (cookie or
 * not), and a logout by a cross-site GET link.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccount, login } from '../../../netlify/lib/accounts/index.ts';
import { BASE_URL, call, count, useTestDatabase } from '../support/harness.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase({ LEAD_RATE_LIMIT_PER_10_MIN: '100000' });
const PASSWORD = 'Quiet-harbor-lantern-42';
const SITE = new URL(BASE_URL).origin;
const EVIL = 'https://evil.example';
beforeEach(() => void vi.spyOn(console, 'log').mockImplementation(() => {}));

let ipCounter = 0;
const ip = () => `10.8.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
const contact = build.contact({ Name: 'Asha', Number: '9810042424', email: 'asha@example.com', comments: 'Hello' });
const postContact = (headers: Record<string, string>) =>
  call('POST', '/api/v1/user/contactus', { rawBody: JSON.stringify(contact), headers, ip: ip() });

describe('JSON endpoints take only application/json', () => {
  it.each([
    'text/plain; application/json',
    'text/plain;charset=application/json',
    'text/plain',
    'multipart/form-data; boundary=application/json',
    'application/jsonp',
    'application/json-seq',
    'application/vnd.api+json',
  ])('refuses %j with 415 and stores nothing', async (type) => {
    const before = await count(db, 'contact_requests');
    const res = await postContact({ 'content-type': type });
    expect(res.status).toBe(415);
    expect(await count(db, 'contact_requests')).toBe(before);
  });

  it('a lead form posted without JavaScript is read as a form: JSON text sent as one is refused in words, nothing stored', async () => {
    const before = await count(db, 'contact_requests');
    const res = await postContact({ 'content-type': 'application/x-www-form-urlencoded; application/json' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await count(db, 'contact_requests')).toBe(before);
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON ; charset=UTF-8'])('accepts %j', async (type) => {
    expect((await postContact({ 'content-type': type })).status).toBe(201);
  });
});

describe('state changes from another site are refused, cookie or not', () => {
  it.each([
    ['a foreign Origin', { origin: EVIL }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling host)', { 'sec-fetch-site': 'same-site', origin: 'https://shop.evil.example' }],
  ])('a lead posted with %s: 403, nothing stored', async (_, headers) => {
    const before = await count(db, 'contact_requests');
    const res = await postContact({ 'content-type': 'application/json', ...headers });
    expect(res.status).toBe(403);
    expect(await count(db, 'contact_requests')).toBe(before);
  });

  it('login, signup and OTP from a foreign Origin: 403', async () => {
    const headers = { origin: EVIL };
    const body = { email: 'x@example.com', password: PASSWORD };
    expect((await call('POST', '/api/v1/user/login', { body, headers, ip: ip() })).status).toBe(403);
    expect((await call('POST', '/api/v1/admin/login', { body, headers, ip: ip() })).status).toBe(403);
    expect(
      (await call('POST', '/api/v1/user/signup', { body: { ...body, firstName: 'A', lastName: 'B' }, headers, ip: ip() })).status,
    ).toBe(403);
    expect((await call('POST', '/api/v1/otp/send', { body: { email: 'x@example.com' }, headers, ip: ip() })).status).toBe(403);
  });

  it('our own pages (same Origin, same-origin fetch) and servers (no Origin) still get through', async () => {
    const ours = await postContact({ 'content-type': 'application/json', origin: SITE, 'sec-fetch-site': 'same-origin' });
    expect(ours.status).toBe(201);
    expect((await postContact({ 'content-type': 'application/json' })).status).toBe(201);
  });
});

describe('logout by a cross-site GET', () => {
  let adminToken = '';
  let userToken = '';
  beforeAll(async () => {
    await createAccount({ role: 'admin', email: 'logout-admin@aspira.example', password: PASSWORD, firstName: 'A', lastName: 'D' });
    await createAccount({ role: 'user', email: 'logout-user@example.com', password: PASSWORD, firstName: 'U', lastName: 'S' });
  });
  beforeEach(async () => {
    adminToken = (await login('admin', 'logout-admin@aspira.example', PASSWORD, ip())).token;
    userToken = (await login('user', 'logout-user@example.com', PASSWORD, ip())).token;
  });

  const ATTACKS: [string, Record<string, string>][] = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Referer', { referer: `${EVIL}/page` }],
    ['a foreign Origin', { origin: EVIL }],
  ];

  it.each(ATTACKS)('an admin link with %s: 403 and the session lives on', async (_, headers) => {
    const cookie = `aspira_admin_session=${adminToken}`;
    const res = await call('GET', '/api/v1/admin/logout', { headers: { cookie, ...headers } });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await call('GET', '/api/v1/admin/leads', { headers: { cookie } })).status).toBe(200);
  });

  it.each(ATTACKS)('a learner link with %s: 403 and the session lives on', async (_, headers) => {
    const cookie = `aspira_session=${userToken}`;
    const res = await call('GET', '/api/v1/user/logout', { headers: { cookie, ...headers } });
    expect(res.status).toBe(403);
    expect((await call('GET', '/api/v1/user/me', { headers: { cookie } })).status).toBe(200);
  });

  it('our own page logs out (same-origin), as the spec says, by GET', async () => {
    const cookie = `aspira_admin_session=${adminToken}`;
    const res = await call('GET', '/api/v1/admin/logout', {
      headers: { cookie, 'sec-fetch-site': 'same-origin', referer: `${SITE}/admin/dashboard` },
    });
    expect(res.status).toBe(200);
    expect((await call('GET', '/api/v1/admin/leads', { headers: { cookie } })).status).toBe(401);
  });
});
