/**
 * A child's account (DPDP Act s.9): signup with "I am under 18" asks the parent; no course or fee
 * plan can be bought until the parent confirms; a refusal erases the account.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestDatabase } from '../support/harness.ts';
import { newEmail, nextIp } from '../registrations/kit.ts';
import { PASSWORD } from './kit.ts';

const db = useTestDatabase();
const DM = '6801c2a4f1e2b3c4d5e6fd57';

async function childAccount() {
  const email = newEmail('child');
  const parentEmail = newEmail('parent');
  const ip = nextIp();
  const body = {
    firstName: 'Asha',
    lastName: 'Verma',
    email,
    password: PASSWORD,
    under18: true,
    parentName: 'Meera Verma',
    parentEmail,
    parentPhone: '9810011111',
  };
  const signup = await call('POST', '/api/v1/user/signup', { body, ip });
  expect(signup.status, signup.text).toBe(201);
  await db.sql`update accounts set email_verified_at = now() where role = 'user' and email = ${email}`;
  const login = await call('POST', '/api/v1/user/login', { body: { email, password: PASSWORD }, ip });
  expect(login.status, login.text).toBe(200);
  const [mail] = await db.sql<
    { text_body: string }[]
  >`select text_body from email_outbox where to_address = ${parentEmail} and tag = 'parent-consent'`;
  const token = decodeURIComponent(mail!.text_body.match(/\/parent-consent\?t=([\w%-]+)/)![1]!);
  return { email, parentEmail, session: login.body.token as string, id: login.body.user._id as string, parentToken: token };
}

async function buy(session: string) {
  expect((await call('PUT', '/api/v1/billing', { token: session, body: { state: '06' } })).status).toBe(200);
  return call('POST', `/api/v1/course/buy/${DM}`, { token: session });
}

describe("a child's account", () => {
  it('buys nothing until the parent confirms', async () => {
    const child = await childAccount();
    const held = await buy(child.session);
    expect(held.status).toBe(403);
    expect(held.body.errors).toMatch(/parent/);
    expect(await db.sql`select 1 from course_orders where account_id = ${child.id}`).toHaveLength(0);
    const decided = await call('POST', '/api/v1/parent-consent/decide', {
      body: { token: child.parentToken, decision: 'given' },
      ip: nextIp(),
    });
    expect(decided.body.status).toBe('given');
    expect((await buy(child.session)).status).toBe(201);
  });

  it("a refusal erases the child's account", async () => {
    const child = await childAccount();
    const decided = await call('POST', '/api/v1/parent-consent/decide', {
      body: { token: child.parentToken, decision: 'refused' },
      ip: nextIp(),
    });
    expect(decided.body.status).toBe('refused');
    const [account] = await db.sql<
      { email: string; erased_at: Date | null }[]
    >`select email, erased_at from accounts where id = ${child.id}`;
    expect(account!.erased_at).not.toBeNull();
    expect(account!.email).toMatch(/@erased\.invalid$/);
    expect(await db.sql`select 1 from consents where email = ${child.email}`).toHaveLength(0);
    expect((await call('GET', '/api/v1/user/me', { token: child.session })).status).toBe(401);
  });

  it('an adult signs up as before; a child without a parent is refused and nothing is created', async () => {
    const email = newEmail('child');
    const refused = await call('POST', '/api/v1/user/signup', {
      body: { firstName: 'Asha', lastName: 'Verma', email, password: PASSWORD, under18: true },
      ip: nextIp(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(expect.arrayContaining([expect.stringMatching(/^parentEmail: /)]));
    expect(await db.sql`select 1 from accounts where email = ${email}`).toHaveLength(0);
  });
});
