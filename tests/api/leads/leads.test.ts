import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRMATIONS_PER_DAY } from '../../../netlify/lib/outbox/index.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase({ TEAM_EMAIL: 'leads-team@aspira.example', LEAD_RATE_LIMIT_PER_10_MIN: '10' });

// Delivery after commit prints to the console transport; keep the test output readable.
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

let ipCounter = 0;
/** Each request from its own address, so only the rate-limit test meets the limit. */
const ip = () => {
  ipCounter++;
  return `10.${Math.floor(ipCounter / 65536) % 256}.${Math.floor(ipCounter / 256) % 256}.${ipCounter % 256}`;
};

type Endpoint = {
  name: string;
  path: string;
  table: string;
  valid: () => Record<string, unknown>;
  required: string[];
  max: Record<string, number>;
  urls: string[];
  phone: string;
  email: string;
};

const contact: Endpoint = {
  name: 'contact page',
  path: '/api/v1/user/contactus',
  table: 'contact_requests',
  valid: () =>
    build.contact({
      Name: 'Asha Verma',
      Number: '98100 42424',
      email: 'Asha.Verma@Example.COM ',
      comments: 'Which course suits a commerce graduate?',
    }),
  required: ['Number', 'email', 'comments'],
  max: { Name: 100, comments: 2000, email: 254 },
  urls: [],
  phone: 'Number',
  email: 'email',
};

const advisor: Endpoint = {
  name: 'advisor dialog',
  path: '/api/v1/user/contactus',
  table: 'contact_requests',
  valid: () =>
    build.advisor({
      source: 'advisor',
      Name: 'Ravi Kumar',
      Number: '+91 91234 56789',
      email: 'ravi@example.in',
      programme: 'Data Analytics',
    }),
  required: ['Name', 'Number', 'email'],
  max: { Name: 100, email: 254 },
  urls: [],
  phone: 'Number',
  email: 'email',
};

const scholarship: Endpoint = {
  name: 'scholarship',
  path: '/api/v1/user/scholarship',
  table: 'scholarship_applications',
  valid: () =>
    build.scholarship({
      name: 'Meera Iyer',
      email: 'meera@example.com',
      phone: '09876543210',
      institute: 'Delhi University',
      message: 'I would like to take the scholarship test.',
    }),
  required: ['name', 'email', 'phone', 'institute', 'message'],
  max: { name: 100, institute: 200, message: 3000, email: 254 },
  urls: [],
  phone: 'phone',
  email: 'email',
};

const pitch: Endpoint = {
  name: 'AspiraTank pitch',
  path: '/api/v1/user/tank',
  table: 'startup_pitches',
  valid: () =>
    build.pitch({
      Name: 'Kabir Shah',
      Number: '+44 20 7946 0958',
      email: 'kabir@startup.io',
      location: 'Bengaluru',
      linkedin: 'https://www.linkedin.com/in/kabir',
      startupName: 'LearnLoop',
      website: 'learnloop.io',
      stage: 'MVP / Prototype ready',
      comments: 'Looking for mentors in sales.',
      industries: ['EdTech', 'AI / ML'],
      otherIndustry: 'Skilling',
      startupIdea: 'Adaptive practice for vocational learners.',
      problem: 'Learners drop out of long courses.',
      audience: 'Tier-2 city job seekers.',
      uvp: 'Bite-size practice with placement tie-ups.',
      funding: 'Bootstrapped, 5 lakh',
      usage: 'Sales mentoring and a seed round.',
      equity: '5%',
      team: 'Two founders, one engineer.',
      vision: 'Every learner job-ready in 90 days.',
      pitchDeckLink: 'https://docs.example.com/deck.pdf',
      demoLink: 'https://demo.learnloop.io',
      heardFrom: 'LinkedIn',
      additionalComments: 'Thanks!',
    }),
  required: [
    'Name',
    'Number',
    'email',
    'location',
    'startupName',
    'stage',
    'comments',
    'startupIdea',
    'problem',
    'audience',
    'uvp',
    'usage',
    'team',
    'vision',
    'pitchDeckLink',
  ],
  max: {
    Name: 100,
    location: 120,
    startupName: 120,
    comments: 2000,
    otherIndustry: 100,
    startupIdea: 3000,
    problem: 2000,
    audience: 2000,
    uvp: 2000,
    funding: 500,
    usage: 2000,
    equity: 200,
    team: 2000,
    vision: 2000,
    heardFrom: 200,
    additionalComments: 2000,
    linkedin: 500,
    website: 500,
    pitchDeckLink: 500,
    demoLink: 500,
  },
  urls: ['linkedin', 'website', 'pitchDeckLink', 'demoLink'],
  phone: 'Number',
  email: 'email',
};

const ENDPOINTS = [contact, advisor, scholarship, pitch];

async function snapshot() {
  return {
    contact_requests: await count(db, 'contact_requests'),
    scholarship_applications: await count(db, 'scholarship_applications'),
    startup_pitches: await count(db, 'startup_pitches'),
    email_outbox: await count(db, 'email_outbox'),
  };
}

/** Sends the body and expects a 4xx that names `field`, with nothing written anywhere. */
async function expectRefused(endpoint: Endpoint, body: unknown, status: number, mention: RegExp) {
  const before = await snapshot();
  const res = await call('POST', endpoint.path, { body, ip: ip() });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(JSON.stringify(res.body.errors)).toMatch(mention);
  expect(await snapshot()).toEqual(before);
  return res;
}

const long = (n: number) => 'x'.repeat(n);
const longUrl = (n: number) => `https://example.com/${'a'.repeat(n - 20)}`;
const longEmail = (n: number) => `${'a'.repeat(n - 12)}@example.com`;

describe.each(ENDPOINTS)('$name: valid submission', (endpoint) => {
  it('answers 201 {message} and stores one row with two outbox emails', async () => {
    const before = await snapshot();
    const res = await call('POST', endpoint.path, { body: endpoint.valid(), ip: ip() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Object.keys(res.body)).toEqual(['message']);
    const after = await snapshot();
    expect(after[endpoint.table as keyof typeof after]).toBe(before[endpoint.table as keyof typeof before] + 1);
    expect(after.email_outbox).toBe(before.email_outbox + 2);
  });
});

describe.each(ENDPOINTS)('$name: sent as a form post (JavaScript off)', (endpoint) => {
  it('stores the one lead as the JSON body would and answers with a page, never the fields in an address', async () => {
    const before = await snapshot();
    const fields = new URLSearchParams();
    for (const [name, value] of Object.entries(endpoint.valid() as Record<string, unknown>)) {
      if (Array.isArray(value)) for (const item of value) fields.append(name, String(item));
      else if (value === true) fields.append(name, 'on');
      else if (value !== false) fields.append(name, String(value));
    }
    const res = await call('POST', endpoint.path, {
      rawBody: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip: ip(),
    });
    expect([201, 303], res.text).toContain(res.status);
    if (res.status === 303) expect(res.headers.get('location')).toBe('/thank-you');
    else expect(res.text).toMatch(/Thank you!/);
    const after = await snapshot();
    expect(after[endpoint.table as keyof typeof after]).toBe(before[endpoint.table as keyof typeof before] + 1);
  });
});

describe('what is stored and sent', () => {
  it('contact page: normalised phone and email, source contact, confirmation and team emails', async () => {
    const res = await call('POST', contact.path, {
      body: {
        ...contact.valid(),
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'diwali',
        utm_term: 'data course',
        utm_content: 'ad-2',
        referrer: 'https://www.google.com/',
      },
      ip: ip(),
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Thank you for contacting us! We will get back to you soon.');
    const [row] = await db.sql`select * from contact_requests order by id desc limit 1`;
    expect(row).toMatchObject({
      source: 'contact',
      name: 'Asha Verma',
      phone: '+919810042424',
      email: 'asha.verma@example.com',
      programme: null,
      comments: 'Which course suits a commerce graduate?',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'diwali',
      utm_term: 'data course',
      utm_content: 'ad-2',
      referrer: 'https://www.google.com/',
    });
    expect(row!.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    const emails = await db.sql`select to_address, subject, text_body, tag from email_outbox order by id desc limit 2`;
    const person = emails.find((e) => e.to_address === 'asha.verma@example.com');
    const team = emails.find((e) => e.to_address === 'leads-team@aspira.example');
    expect(person?.subject).toBe('We received your message - Aspira');
    expect(person?.text_body).toContain('Hello Asha Verma,');
    expect(person?.text_body).toContain('What happens next:');
    expect(person?.text_body).toContain('hello@aspira.education');
    expect(person?.text_body).toContain('+91 98100 42424');
    expect(team?.subject).toBe('Contact message from Asha Verma');
    expect(team?.text_body).toContain('Number: +919810042424');
    expect(team?.text_body).toContain('UTM campaign: diwali');
    expect(team?.text_body).toContain('Referring page: https://www.google.com/');
  });

  it('advisor dialog: programme and source kept, the callback message answered', async () => {
    const res = await call('POST', advisor.path, { body: advisor.valid(), ip: ip() });
    expect(res.body).toEqual({ message: 'We will connect you shortly!' });
    const [row] =
      await db.sql`select source, name, phone, email, programme, comments, utm_source from contact_requests order by id desc limit 1`;
    expect(row).toEqual({
      source: 'advisor',
      name: 'Ravi Kumar',
      phone: '+919123456789',
      email: 'ravi@example.in',
      programme: 'Data Analytics',
      comments: '',
      utm_source: null,
    });
    const [team] = await db.sql`select subject from email_outbox where to_address = 'leads-team@aspira.example' order by id desc limit 1`;
    expect(team!.subject).toBe('Callback request (Data Analytics): Ravi Kumar');
  });

  it('the /popup page is recorded as popup, and "Select Program" (empty) as no programme', async () => {
    const res = await call('POST', advisor.path, { body: { ...advisor.valid(), source: 'popup', programme: '' }, ip: ip() });
    expect(res.status).toBe(201);
    const [row] = await db.sql`select source, programme from contact_requests order by id desc limit 1`;
    expect(row).toEqual({ source: 'popup', programme: null });
  });

  it('scholarship: the row holds what was sent', async () => {
    const res = await call('POST', scholarship.path, { body: scholarship.valid(), ip: ip() });
    expect(res.body).toEqual({ message: 'Thank you! Your scholarship application has been received.' });
    const [row] = await db.sql`select name, email, phone, institute, message from scholarship_applications order by id desc limit 1`;
    expect(row).toEqual({
      name: 'Meera Iyer',
      email: 'meera@example.com',
      phone: '+919876543210',
      institute: 'Delhi University',
      message: 'I would like to take the scholarship test.',
    });
  });

  it('pitch: every field stored, industries as a list, bare domains read as https', async () => {
    const res = await call('POST', pitch.path, { body: pitch.valid(), ip: ip() });
    expect(res.body).toEqual({ message: 'Thank you! Your pitch has been submitted.' });
    const [row] = await db.sql`select * from startup_pitches order by id desc limit 1`;
    expect(row).toMatchObject({
      name: 'Kabir Shah',
      phone: '+442079460958',
      startup_name: 'LearnLoop',
      website: 'https://learnloop.io',
      stage: 'MVP / Prototype ready',
      industries: ['EdTech', 'AI / ML'],
      other_industry: 'Skilling',
      pitch_deck_link: 'https://docs.example.com/deck.pdf',
      heard_from: 'LinkedIn',
    });
    const [team] =
      await db.sql`select subject, text_body from email_outbox where to_address = 'leads-team@aspira.example' order by id desc limit 1`;
    expect(team!.subject).toBe('AspiraTank pitch: LearnLoop (MVP / Prototype ready)');
    expect(team!.text_body).toContain('Industries: EdTech, AI / ML, Skilling');
  });

  it('pitch: optional fields may be left out or empty', async () => {
    const body = pitch.valid();
    for (const key of ['linkedin', 'website', 'otherIndustry', 'funding', 'equity', 'demoLink', 'heardFrom', 'additionalComments'])
      body[key] = '';
    delete body.industries;
    const res = await call('POST', pitch.path, { body, ip: ip() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await db.sql`select linkedin, website, demo_link, industries, funding from startup_pitches order by id desc limit 1`;
    expect(row).toEqual({ linkedin: null, website: null, demo_link: null, industries: [], funding: null });
  });

  it('contact page: Name is optional', async () => {
    const { Name: _omit, ...body } = contact.valid();
    const res = await call('POST', contact.path, { body, ip: ip() });
    expect(res.status).toBe(201);
  });

  it('accepts Indian numbers written many ways and international ones, and stores E.164', async () => {
    const cases: [string, string][] = [
      ['9810042424', '+919810042424'],
      ['098100 42424', '+919810042424'],
      ['91-98100-42424', '+919810042424'],
      ['+91 (981) 004-2424', '+919810042424'],
      ['+1 415 555 0100', '+14155550100'],
      ['0049 30 1234567', '+49301234567'],
    ];
    for (const [typed, stored] of cases) {
      const res = await call('POST', scholarship.path, { body: { ...scholarship.valid(), phone: typed }, ip: ip() });
      expect(res.status, typed).toBe(201);
      const [row] = await db.sql`select phone from scholarship_applications order by id desc limit 1`;
      expect(row!.phone, typed).toBe(stored);
    }
  });

  it('drops malformed tracking values rather than losing the lead', async () => {
    const res = await call('POST', contact.path, {
      body: { ...contact.valid(), utm_source: 'a\r\nb', utm_medium: long(500), referrer: 'javascript:alert(1)' },
      ip: ip(),
    });
    expect(res.status).toBe(201);
    const [row] = await db.sql`select utm_source, utm_medium, referrer from contact_requests order by id desc limit 1`;
    expect(row).toEqual({ utm_source: null, utm_medium: null, referrer: null });
  });
});

describe.each(ENDPOINTS)('$name: bad input gets a 4xx and writes nothing', (endpoint) => {
  it.each(endpoint.required)('missing %s -> 400 naming it', async (field) => {
    const body = endpoint.valid();
    delete body[field];
    await expectRefused(endpoint, body, 400, new RegExp(`${field}: `));
  });

  it.each(endpoint.required.filter((f) => f !== 'stage'))('blank %s -> 400 naming it', async (field) => {
    await expectRefused(endpoint, { ...endpoint.valid(), [field]: '   ' }, 400, new RegExp(`${field}: `));
  });

  it.each(Object.entries(endpoint.max))('%s over %i characters -> 400 naming it', async (field, max) => {
    const value = endpoint.urls.includes(field) ? longUrl(max + 1) : field === endpoint.email ? longEmail(max + 1) : long(max + 1);
    const res = await expectRefused(endpoint, { ...endpoint.valid(), [field]: value }, 400, new RegExp(`${field}: `));
    // exactly at the limit is accepted (emails: the format rules apply first)
    if (field !== endpoint.email) {
      const ok = endpoint.urls.includes(field) ? longUrl(max) : long(max);
      const accepted = await call('POST', endpoint.path, { body: { ...endpoint.valid(), [field]: ok }, ip: ip() });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    }
    expect(res.body.errors.length).toBe(1);
  });

  it.each(['not-an-email', 'a@b', 'two@@example.com', 'a@example.com\r\nBcc: x@evil.test', 'a b@example.com'])(
    'bad email %j -> 400',
    async (email) => {
      await expectRefused(endpoint, { ...endpoint.valid(), [endpoint.email]: email }, 400, new RegExp(`${endpoint.email}: `));
    },
  );

  it.each(['12345', '5810042424', 'call me', '+91 98100', '+0 123456789', '98100424241234567'])('bad phone %j -> 400', async (phone) => {
    await expectRefused(endpoint, { ...endpoint.valid(), [endpoint.phone]: phone }, 400, new RegExp(`${endpoint.phone}: `));
  });

  it('unknown keys -> 400 naming them', async () => {
    await expectRefused(endpoint, { ...endpoint.valid(), isAdmin: true, price: 1 }, 400, /Unknown fields: isAdmin, price/);
  });

  it('a filled honeypot -> 400', async () => {
    await expectRefused(endpoint, { ...endpoint.valid(), website2: 'http://spam.example' }, 400, /website2: Leave this field empty/);
  });

  it('a line break in a one-line field (it reaches an email subject) -> 400', async () => {
    const field = endpoint === scholarship ? 'name' : 'Name';
    await expectRefused(endpoint, { ...endpoint.valid(), [field]: 'Eve\r\nBcc: all@example.com' }, 400, new RegExp(`${field}: .*one line`));
  });

  it('wrong types -> 400', async () => {
    const body = endpoint.valid();
    const first = endpoint.required[0]!;
    await expectRefused(endpoint, { ...body, [first]: 12345 }, 400, new RegExp(`${first}: `));
    await expectRefused(endpoint, [body], 400, /expected object/);
    await expectRefused(endpoint, 'hello', 400, /expected object/);
  });

  it('not JSON -> 415 / 400, over 64 KB -> 413; a form post with a problem -> a 400 page in words', async () => {
    const before = await snapshot();
    const text = await call('POST', endpoint.path, { rawBody: 'Name=x', headers: { 'content-type': 'text/plain' }, ip: ip() });
    expect(text.status).toBe(415);
    const form = await call('POST', endpoint.path, {
      rawBody: 'Name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip: ip(),
    });
    expect(form.status).toBe(400);
    expect(form.headers.get('content-type')).toMatch(/^text\/html/);
    expect(form.text).toMatch(/Please check the form/);
    expect(form.text).not.toMatch(/<li>[A-Za-z]+: /);
    const broken = await call('POST', endpoint.path, { rawBody: '{"Name": ', headers: { 'content-type': 'application/json' }, ip: ip() });
    expect(broken.status).toBe(400);
    expect(broken.body.errors).toMatch(/not valid JSON/);
    const huge = await call('POST', endpoint.path, { body: { ...endpoint.valid(), comments: long(70_000) }, ip: ip() });
    expect(huge.status).toBe(413);
    expect(await snapshot()).toEqual(before);
  });

  it('GET -> 405', async () => {
    const res = await call('GET', endpoint.path, { ip: ip() });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('pitch specifics', () => {
  it.each(['linkedin', 'website', 'pitchDeckLink', 'demoLink'])('%s must be a web address', async (field) => {
    for (const bad of [
      'not a url',
      'javascript:alert(1)',
      'ftp://files.example.com/deck',
      'https://localhost',
      'http://user:pw@example.com',
      'mailto:a@example.com',
    ]) {
      await expectRefused(pitch, { ...pitch.valid(), [field]: bad }, 400, new RegExp(`${field}: Enter a valid web address`));
    }
  });

  it('stage must be one of the five', async () => {
    await expectRefused(pitch, { ...pitch.valid(), stage: 'Unicorn' }, 400, /stage: Select your stage/);
  });

  it('industries only from the list', async () => {
    await expectRefused(pitch, { ...pitch.valid(), industries: ['EdTech', 'Crypto'] }, 400, /industries\.1: Choose from/);
    await expectRefused(pitch, { ...pitch.valid(), industries: 'EdTech' }, 400, /industries: /);
  });

  it('advisor programme only from the list, source only advisor|contact|popup', async () => {
    await expectRefused(advisor, { ...advisor.valid(), programme: 'Astrology' }, 400, /programme: Select a programme/);
    await expectRefused(advisor, { ...advisor.valid(), source: 'admin' }, 400, /source: /);
    // the contact page's fields are not the advisor form's
    await expectRefused(advisor, { ...advisor.valid(), comments: 'hi' }, 400, /Unknown field: comments/);
  });
});

describe('rate limit', () => {
  it.each([
    ['contact', contact],
    ['scholarship', scholarship],
    ['pitch', pitch],
  ] as const)(
    '%s: a burst over 10 per 10 minutes from one IP gets 429 with Retry-After and writes nothing more',
    async (_name, endpoint) => {
      const address = ip();
      const before = await snapshot();
      const results = await Promise.all(
        Array.from({ length: 12 }, () => call('POST', endpoint.path, { body: endpoint.valid(), ip: address })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
      const limited = results.find((r) => r.status === 429)!;
      expect(limited.body.errors).toMatch(/Too many requests/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const after = await snapshot();
      expect(after[endpoint.table as keyof typeof after]).toBe(before[endpoint.table as keyof typeof before] + 10);
      // Ten team notifications; confirmations to this one address stop at the daily cap.
      expect(after.email_outbox - before.email_outbox).toBeGreaterThanOrEqual(10);
      expect(after.email_outbox - before.email_outbox).toBeLessThanOrEqual(10 + CONFIRMATIONS_PER_DAY);
      // another address is not affected
      const other = await call('POST', endpoint.path, { body: endpoint.valid(), ip: ip() });
      expect(other.status).toBe(201);
    },
  );
});
