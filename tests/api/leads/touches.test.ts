/**
 * First and last touch reach the database for every lead kind through its real endpoint: the
 * lead forms, the registration and a course order. A malformed value is dropped, never a refusal.
 */
import { describe, expect, it } from 'vitest';
import { call, signupVerifiedLearner, useTestDatabase } from '../support/harness.ts';
import { newEmail, nextIp, registrationForm, verifiedToken } from '../registrations/kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase();

const TOUCHES = {
  utm_source: 'instagram',
  utm_medium: 'social',
  utm_campaign: 'diwali',
  referrer: 'https://www.instagram.com/aspira',
  last_touch_at: '2026-11-20T10:00:00.000Z',
  first_utm_source: 'google',
  first_utm_medium: 'cpc',
  first_referrer: 'https://www.google.com/',
  first_touch_at: '2026-11-01T08:30:00.000Z',
};

async function touchesOf(kind: string, id: string) {
  return db.sql<{ touch: string; utm_source: string | null; utm_medium: string | null; referrer: string | null }[]>`
    select touch, utm_source, utm_medium, referrer from lead_touches where lead_kind = ${kind} and lead_id = ${id} order by touch`;
}

const EXPECTED = [
  { touch: 'first', utm_source: 'google', utm_medium: 'cpc', referrer: 'https://www.google.com/' },
  { touch: 'last', utm_source: 'instagram', utm_medium: 'social', referrer: 'https://www.instagram.com/aspira' },
];

describe('first and last touch on every lead kind', () => {
  it('a contact request keeps both touches, and a malformed one is dropped without refusing the lead', async () => {
    const email = newEmail('touch.contact');
    const body = build.contact({
      Name: '',
      Number: '9810042424',
      email,
      comments: 'Which course?',
      ...TOUCHES,
      first_utm_campaign: 'x\ny',
    });
    const answer = await call('POST', '/api/v1/user/contactus', { body, ip: nextIp() });
    expect(answer.status, answer.text).toBe(201);
    const [row] = await db.sql<{ id: string }[]>`select id::text from contact_requests where email = ${email}`;
    expect(await touchesOf('contact', row!.id)).toEqual(EXPECTED);
  });

  it('a registration keeps both touches', async () => {
    const email = newEmail('touch.registration');
    const ip = nextIp();
    const verificationToken = await verifiedToken(db, email, ip);
    const answer = await call('POST', '/api/v1/user/register-unpaid', {
      body: { ...registrationForm(email), verificationToken, ...TOUCHES },
      ip,
    });
    expect(answer.status, answer.text).toBe(201);
    expect(await touchesOf('registration', answer.body.registration._id)).toEqual(EXPECTED);
    const [consent] =
      await db.sql`select purpose from consents where subject_table = 'registrations' and subject_id = ${answer.body.registration._id}`;
    expect(consent).toEqual({ purpose: 'registration' });
  });

  it('a course order keeps both touches; the price still comes from the database', async () => {
    const buyer = await signupVerifiedLearner({ email: newEmail('touch.buyer') });
    expect((await call('PUT', '/api/v1/billing', { token: buyer.token, body: { state: '29' } })).status).toBe(200);
    const order = await call('POST', '/api/v1/course/buy/6801c2a4f1e2b3c4d5e6fd57', {
      token: buyer.token,
      body: { ...TOUCHES, amount: 1 },
    });
    expect(order.status, order.text).toBe(201);
    expect(order.body.amount).toBeGreaterThan(100);
    const [row] = await db.sql<{ id: string }[]>`select id::text from course_orders where gateway_order_id = ${order.body.orderId}`;
    expect(await touchesOf('order', row!.id)).toEqual(EXPECTED);
  });
});
