/**
 * Attacks on our mail: a form used to make our server send a stranger a message of the attacker's
 * choosing (a phishing relay), or to flood one inbox; and the outbox keeping a one-time code.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRMATIONS_PER_DAY, greetingName, REDACTED } from '../../../netlify/lib/outbox/index.ts';
import { useFakePostmark } from '../../fixtures/fake-postmark.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { build } from '../../support/factories.ts';

const TEAM = 'team-mail@aspira.example';
const db = useTestDatabase({ TEAM_EMAIL: TEAM, LEAD_RATE_LIMIT_PER_10_MIN: '100' });

let ipCounter = 0;
const ip = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
beforeEach(() => void vi.spyOn(console, 'log').mockImplementation(() => {}));

const LURE = 'Claim your refund at https://evil.example/login';
const outbox = (to: string) =>
  db.sql<{ subject: string; text_body: string; tag: string; status: string; redacted_at: Date | null }[]>`
    select subject, text_body, tag, status, redacted_at from email_outbox where to_address = ${to} order by id`;

describe('confirmations carry none of the visitor text', () => {
  it('contact form: a lure in the name and the message reaches only the team', async () => {
    const victim = 'victim1@example.com';
    const res = await call('POST', '/api/v1/user/contactus', {
      body: build.contact({ Name: 'Bank.example Security Team', Number: '98100 42424', email: victim, comments: LURE }),
      ip: ip(),
    });
    expect(res.status).toBe(201);
    const [mail] = await outbox(victim);
    expect(mail!.text_body).not.toMatch(/evil|refund|bank/i);
    expect(mail!.text_body).toMatch(/^Hello there,/);
    expect(mail!.subject).toBe('We received your message - Aspira');
    const [team] = await outbox(TEAM);
    expect(team!.text_body).toContain(LURE);
  });

  it('pitch: the startup name is not in the subject or the body', async () => {
    const victim = 'victim2@example.com';
    const res = await call('POST', '/api/v1/user/tank', { body: pitchWith(victim, 'URGENT verify your account now'), ip: ip() });
    expect(res.status).toBe(201);
    const [mail] = await outbox(victim);
    expect(mail!.subject).toBe('Your AspiraTank pitch');
    expect(mail!.text_body).not.toMatch(/URGENT|verify your account|evil/);
  });

  it('greets by a short plain name only', () => {
    expect(greetingName('Asha Verma')).toBe('Asha Verma');
    expect(greetingName("D'Souza-Rao")).toBe("D'Souza-Rao");
    for (const bad of ['evil.example', 'www.evil.example now', 'a@b.co', 'go to http://x', 'Win 1000 rs', 'x'.repeat(41), '']) {
      expect(greetingName(bad)).toBe('there');
    }
  });

  it(`sends at most ${CONFIRMATIONS_PER_DAY} confirmations a day to one address; the leads are all kept`, async () => {
    const victim = 'flooded@example.com';
    for (let i = 0; i < CONFIRMATIONS_PER_DAY + 3; i++) {
      const res = await call('POST', '/api/v1/user/scholarship', {
        body: { name: 'Meera', email: victim, phone: '09876543210', institute: 'DU', message: `try ${i}` },
        ip: ip(),
      });
      expect(res.status).toBe(201);
    }
    expect(await outbox(victim)).toHaveLength(CONFIRMATIONS_PER_DAY);
    const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from scholarship_applications where email = ${victim}`;
    const n = row!.n;
    expect(n).toBe(CONFIRMATIONS_PER_DAY + 3);
  });
});

describe('the OTP leaves the outbox once delivered', () => {
  const postmark = useFakePostmark();

  it('the provider gets the code, the sent row keeps only a marker', async () => {
    const email = 'otp-reader@example.com';
    const res = await call('POST', '/api/v1/otp/send', { body: { email }, ip: ip() });
    expect(res.status).toBe(200);
    const code = postmark.delivered.map((r) => r.raw.match(/verification code is (\d{6})/)?.[1]).find(Boolean);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await outbox(email);
    expect(row!.status).toBe('sent');
    expect(row!.text_body).toBe(REDACTED);
    expect(row!.redacted_at).not.toBeNull();
    const [counted] = await db.sql<{ n: number }[]>`select count(*)::int as n from email_outbox where text_body like ${`%${code}%`}`;
    const n = counted!.n;
    expect(n).toBe(0);
  });

  it('an email without a secret keeps its body', async () => {
    const victim = 'keeps-body@example.com';
    await call('POST', '/api/v1/user/scholarship', {
      body: { name: 'Meera', email: victim, phone: '09876543210', institute: 'DU', message: 'hello' },
      ip: ip(),
    });
    const [row] = await outbox(victim);
    expect(row!.status).toBe('sent');
    expect(row!.text_body).toMatch(/^Hello Meera,/);
  });
});

function pitchWith(email: string, startupName: string) {
  return {
    Name: 'Kabir Shah',
    Number: '+44 20 7946 0958',
    email,
    location: 'Bengaluru',
    startupName,
    stage: 'MVP / Prototype ready',
    comments: LURE,
    industries: ['EdTech'],
    startupIdea: LURE,
    problem: 'Learners drop out.',
    audience: 'Job seekers.',
    uvp: 'Bite-size practice.',
    usage: 'Mentoring.',
    team: 'Two founders.',
    vision: 'Job-ready in 90 days.',
    pitchDeckLink: 'https://evil.example/deck.pdf',
  };
}
