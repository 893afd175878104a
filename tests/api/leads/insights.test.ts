/**
 * The "what converts" dashboard against a fixture of known leads, whose expected numbers are
 * worked out by hand below (weeks are Mondays in India; the range is the 12 weeks ending with
 * the week of 2026-03-15, i.e. 2025-12-22 to 2026-03-15 IST).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, login } from '../../../netlify/lib/accounts/index.ts';
import { db as appDb } from '../../../netlify/lib/platform/index.ts';
import { recordLeadTouches } from '../../../netlify/lib/leads/index.ts';
import { parseCsv } from '../../fixtures/csv.ts';
import { call, useTestDatabase } from '../support/harness.ts';

const db = useTestDatabase();
let token = '';
let learnerToken = '';
let courseTitle = '';
const DM = '6801c2a4f1e2b3c4d5e6fd57';
const Q = '?to=2026-03-15';

async function lead(
  source: string,
  email: string,
  phone: string,
  at: string,
  extra: { programme?: string; utm?: [string, string, string]; referrer?: string } = {},
) {
  const [u1, u2, u3] = extra.utm ?? [null, null, null];
  const [row] = await db.sql<{ id: string }[]>`
    insert into contact_requests (source, name, phone, email, programme, comments, utm_source, utm_medium, utm_campaign, referrer, created_at)
    values (${source}, 'Lead', ${phone}, ${email}, ${extra.programme ?? null}, ${source === 'contact' ? 'hello' : ''}, ${u1}, ${u2}, ${u3}, ${extra.referrer ?? null}, ${at})
    returning id::text`;
  return row!.id;
}

async function paidOrder(accountId: string, email: string, orderId: string, createdAt: string, paidAt: string): Promise<string> {
  await db.sql`insert into payment_orders (id, gateway, purpose, amount_paise, receipt, status, payment_id, paid_at)
               values (${orderId}, 'sandbox', 'course', 100000, ${orderId.slice(-10)}, 'paid', ${`pay_${orderId}`}, ${paidAt})`;
  const [row] = await db.sql<{ id: string }[]>`
    insert into course_orders (account_id, course_id, email, gateway_order_id, amount_paise, status, payment_id, paid_at, created_at)
    values (${accountId}, ${DM}, ${email}, ${orderId}, 100000, 'paid', ${`pay_${orderId}`}, ${paidAt}, ${createdAt}) returning id::text`;
  return row!.id;
}

async function registration(id: string, email: string, phone: string, createdAt: string, paidAt: string, programme: string) {
  await db.sql`insert into registrations (id, email, name, phone, father_name, highschool_percent, motivation, access_token_hash, created_at)
               values (${id}, ${email}, 'Reg', ${phone}, 'F', 75, 'keen', ${`hash-${id}`}, ${createdAt})`;
  await db.sql`insert into payment_orders (id, gateway, purpose, amount_paise, receipt, status, payment_id, paid_at)
               values (${`order_${id}`}, 'sandbox', 'registration', 500000, ${id.slice(0, 10)}, 'paid', ${`pay_${id}`}, ${paidAt})`;
  await db.sql`insert into registration_payments (registration_id, order_id, fee_option, program_name, amount_paise, status, payment_id, paid_at, created_at)
               values (${id}, ${`order_${id}`}, 'online', ${programme}, 500000, 'paid', ${`pay_${id}`}, ${paidAt}, ${createdAt})`;
}

beforeAll(async () => {
  await createAccount({
    role: 'admin',
    email: 'insights-admin@aspira.example',
    password: 'insights-admin-pass',
    firstName: 'Meera',
    lastName: 'Iyer',
    adminRole: 'counsellor',
  });
  token = (await login('admin', 'insights-admin@aspira.example', 'insights-admin-pass')).token;
  const buyer = await createAccount({
    role: 'user',
    email: 'a1@example.com',
    password: 'learner-pass-123',
    firstName: 'Anil',
    lastName: 'One',
  });
  learnerToken = (await login('user', 'a1@example.com', 'learner-pass-123')).token;
  const [course] = await db.sql<{ title: string }[]>`select title from courses where id = ${DM}`;
  courseTitle = course!.title;
  const sql = db.sql;

  // Outside the range: Sunday 21 Dec 23:30 IST, and Monday 16 Mar 00:00 IST.
  await lead('advisor', 'old@example.com', '+919000000001', '2025-12-21T18:00:00Z');
  await lead('advisor', 'late@example.com', '+919000000002', '2026-03-15T18:30:00Z');
  // C0: Monday 22 Dec 00:01 IST (first week), the /popup form, nothing known.
  await lead('popup', 'c0@example.com', '+919000000010', '2025-12-21T18:31:00Z');
  // C1: week of 2 Mar, advisor, Data Analytics, google/cpc/spring via google.com (last touch) and
  // facebook/social first; contacted after 30 min; the same person buys a course on 10 Mar.
  const c1 = await lead('advisor', 'a1@example.com', '+919000000011', '2026-03-02T04:00:00Z', { programme: 'Data Analytics' });
  await appDb().begin((tx) =>
    recordLeadTouches(
      tx,
      { kind: 'contact', id: c1 },
      {
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'spring',
        referrer: 'https://www.google.com/search',
        last_touch_at: '2026-03-02T03:58:00Z',
        first_utm_source: 'facebook',
        first_utm_medium: 'social',
        first_touch_at: '2026-02-20T10:00:00Z',
      },
    ),
  );
  await sql`insert into lead_stage_changes (lead_kind, lead_id, from_stage, to_stage, at) values ('contact', ${c1}, 'new', 'contacted', '2026-03-02T04:30:00Z')`;
  // C2: week of 2 Mar, contact page, newsletter/email; first contact is a note after 2 h; never pays.
  const c2 = await lead('contact', 'b2@example.com', '+919000000022', '2026-03-03T10:00:00Z', { utm: ['newsletter', 'email', ''] });
  await sql`update contact_requests set utm_campaign = null where id = ${c2}`;
  await sql`insert into lead_notes (lead_kind, lead_id, body, created_at) values ('contact', ${c2}, 'Left a voicemail', '2026-03-03T12:00:00Z')`;
  // S1: Sunday 8 Mar 19:00 UTC = Monday 9 Mar 00:30 IST (week of 9 Mar), referred by bing.com;
  // the person pays 43 days later (not within 30).
  await sql`insert into scholarship_applications (name, email, phone, institute, message, referrer, created_at)
            values ('S', 'c3@example.com', '+919000000033', 'IIT', 'Hello', 'https://www.bing.com/search?q=aspira', '2026-03-08T19:00:00Z')`;
  await registration(
    'c3c3c3c3c3c3c3c3c3c3c3c3',
    'c3@example.com',
    '+919000000033',
    '2026-04-19T05:00:00Z',
    '2026-04-20T19:00:00Z',
    'AspiraAdmit',
  );
  // C3: week of 9 Mar, advisor, google/cpc/spring; the pipeline says first contact after 3 h (a
  // later stage change at 4 h does not count); the same phone registers with another email (R2)
  // and pays 2 days later.
  const c3 = await lead('advisor', 'd4@example.com', '+919000000044', '2026-03-10T05:00:00Z', {
    programme: 'Data Analytics',
    utm: ['google', 'cpc', 'spring'],
  });
  await sql`update lead_pipeline set first_contacted_at = '2026-03-10T08:00:00Z', stage = 'contacted' where lead_kind = 'contact' and lead_id = ${c3}`;
  await sql`insert into lead_stage_changes (lead_kind, lead_id, from_stage, to_stage, at) values ('contact', ${c3}, 'new', 'contacted', '2026-03-10T09:00:00Z')`;
  // R2: the registration itself is a lead (week of 9 Mar), AspiraDemy Online, paid.
  await registration(
    'e4e4e4e4e4e4e4e4e4e4e4e4',
    'e4@example.com',
    '+91 90000 00044',
    '2026-03-11T05:00:00Z',
    '2026-03-12T05:00:00Z',
    'AspiraDemy Online',
  );
  // O1: C1's person opens a checkout on 10 Mar (a lead too, last touch instagram, first google) and pays 5 min later.
  const o1 = await paidOrder(buyer.id, 'a1@example.com', 'order_ins_o1', '2026-03-10T03:55:00Z', '2026-03-10T04:00:00Z');
  await appDb().begin((tx) =>
    recordLeadTouches(
      tx,
      { kind: 'order', id: o1 },
      {
        utm_source: 'instagram',
        first_utm_source: 'google',
        first_utm_medium: 'cpc',
        first_utm_campaign: 'spring',
        first_referrer: 'https://www.google.com/',
      },
    ),
  );
});

type Row = {
  value: string;
  label: string;
  weekly: number[];
  leads: number;
  contacted: number;
  medianFirstContactMinutes: number | null;
  converted: number;
  conversionRate: number | null;
};

async function dashboard(query = Q) {
  const res = await call('GET', `/api/v1/admin/insights${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    weeks: string[];
    touch: string;
    timeZone: string;
    total: Row;
    tables: { dimension: string; label: string; rows: Row[] }[];
  };
}

/** A table as "label: leads, weekly (non-zero weeks as index=count), contacted, median, converted". */
function summary(rows: Row[]) {
  return rows.map((r) => {
    const weeks = r.weekly.flatMap((n, i) => (n ? [`${i}=${n}`] : [])).join(' ');
    return `${r.label}: ${r.leads} [${weeks}] contacted ${r.contacted} median ${r.medianFirstContactMinutes ?? '-'} converted ${r.converted}`;
  });
}

describe('GET /api/v1/admin/insights', () => {
  it('counts leads per IST week, first contact and 30-day conversion, as worked out by hand', async () => {
    const body = await dashboard();
    expect(body.timeZone).toBe('Asia/Kolkata');
    expect(body.weeks).toHaveLength(12);
    expect([body.weeks[0], body.weeks[10], body.weeks[11]]).toEqual(['2025-12-22', '2026-03-02', '2026-03-09']);
    // C0 (week 0); C1, C2 (week 10); S1, C3, R2, O1 (week 11). Contacted: C1 30 min, C2 120, C3 180.
    // Converted: C1 (course 8 days later), C3 and R2 (fee), O1 (its own payment): 4 of 7.
    expect(summary([body.total])).toEqual(['All leads: 7 [0=1 10=2 11=4] contacted 3 median 120 converted 4']);
    expect(body.total.conversionRate).toBeCloseTo(4 / 7, 6);

    const table = (dimension: string) => summary(body.tables.find((t) => t.dimension === dimension)!.rows);
    expect(body.tables.map((t) => t.label)).toEqual(['Form', 'UTM source', 'UTM medium', 'UTM campaign', 'Referring site', 'Programme']);
    expect(table('form')).toEqual([
      'Advisor callback: 2 [10=1 11=1] contacted 2 median 105 converted 2',
      'Advisor page (/popup): 1 [0=1] contacted 0 median - converted 0',
      'Contact page: 1 [10=1] contacted 1 median 120 converted 0',
      'Course order: 1 [11=1] contacted 0 median - converted 1',
      'Registration: 1 [11=1] contacted 0 median - converted 1',
      'Scholarship application: 1 [11=1] contacted 0 median - converted 0',
    ]);
    expect(table('utm_source')).toEqual([
      '(none): 3 [0=1 11=2] contacted 0 median - converted 1',
      'google: 2 [10=1 11=1] contacted 2 median 105 converted 2',
      'instagram: 1 [11=1] contacted 0 median - converted 1',
      'newsletter: 1 [10=1] contacted 1 median 120 converted 0',
    ]);
    expect(table('utm_medium')).toEqual([
      '(none): 4 [0=1 11=3] contacted 0 median - converted 2',
      'cpc: 2 [10=1 11=1] contacted 2 median 105 converted 2',
      'email: 1 [10=1] contacted 1 median 120 converted 0',
    ]);
    expect(table('utm_campaign')).toEqual([
      '(none): 5 [0=1 10=1 11=3] contacted 1 median 120 converted 2',
      'spring: 2 [10=1 11=1] contacted 2 median 105 converted 2',
    ]);
    expect(table('referrer')).toEqual([
      '(none): 5 [0=1 10=1 11=3] contacted 2 median 150 converted 3',
      'bing.com: 1 [11=1] contacted 0 median - converted 0',
      'google.com: 1 [10=1] contacted 1 median 30 converted 1',
    ]);
    expect(table('programme')).toEqual([
      '(not stated): 3 [0=1 10=1 11=1] contacted 1 median 120 converted 0',
      'Data Analytics: 2 [10=1 11=1] contacted 2 median 105 converted 2',
      `AspiraDemy Online: 1 [11=1] contacted 0 median - converted 1`,
      `${courseTitle}: 1 [11=1] contacted 0 median - converted 1`,
    ]);
  });

  it('groups by the first touch on request', async () => {
    const body = await dashboard(`${Q}&touch=first`);
    expect(body.touch).toBe('first');
    const table = (dimension: string) => summary(body.tables.find((t) => t.dimension === dimension)!.rows);
    expect(table('utm_source')).toEqual([
      '(none): 5 [0=1 10=1 11=3] contacted 2 median 150 converted 2',
      'facebook: 1 [10=1] contacted 1 median 30 converted 1',
      'google: 1 [11=1] contacted 0 median - converted 1',
    ]);
    expect(table('referrer')).toEqual([
      '(none): 6 [0=1 10=2 11=3] contacted 3 median 120 converted 3',
      'google.com: 1 [11=1] contacted 0 median - converted 1',
    ]);
    expect(summary([body.total])).toEqual(['All leads: 7 [0=1 10=2 11=4] contacted 3 median 120 converted 4']);
  });

  it('exports the same tables as CSV', async () => {
    const res = await call('GET', `/api/v1/admin/insights${Q}&format=csv`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="aspira-insights-last-touch-2026-03-09.csv"');
    const [header, ...rows] = parseCsv(res.text.replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'table',
      'value',
      ...(await dashboard()).weeks.map((w) => `week_${w}`),
      'leads',
      'contacted',
      'median_first_contact_minutes',
      'converted_30d',
      'conversion_percent',
    ]);
    expect(rows[0]).toEqual(['Total', 'All leads', '1', ...Array(9).fill('0'), '2', '4', '7', '3', '120', '4', '57.1']);
    expect(rows).toContainEqual(['UTM source', 'google', ...Array(10).fill('0'), '1', '1', '2', '2', '105', '2', '100']);
    expect(rows).toContainEqual(['Referring site', 'bing.com', ...Array(11).fill('0'), '1', '1', '0', '', '0', '0']);
    expect(rows).toHaveLength(1 + 6 + 4 + 3 + 2 + 3 + 4);
  });

  it('shows a lead sent through the real form with its campaign', async () => {
    const res = await call('POST', '/api/v1/user/contactus', {
      body: {
        source: 'advisor',
        Name: 'Form Lead',
        Number: '9123400000',
        email: 'form.lead@example.com',
        utm_source: 'e2e-newsletter',
        utm_medium: 'email',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const body = await dashboard('');
    const sources = body.tables.find((t) => t.dimension === 'utm_source')!.rows;
    expect(sources.find((r) => r.value === 'e2e-newsletter')).toMatchObject({ leads: 1, weekly: [...Array(11).fill(0), 1] });
  });

  it('refuses visitors, learners and bad queries', async () => {
    expect((await call('GET', `/api/v1/admin/insights${Q}`)).status).toBe(401);
    expect((await call('GET', `/api/v1/admin/insights${Q}`, { token: learnerToken })).status).toBe(403);
    for (const [query, message] of [
      ['?touch=middle', 'touch: touch must be last or first'],
      ['?to=2026-02-30', 'to: Not a real date'],
      ['?to=yesterday', 'to: Use a date like 2026-01-31'],
      ['?format=xml', 'format: format must be json or csv'],
      ['?weeks=4', 'Unknown field: weeks'],
    ]) {
      const res = await call('GET', `/api/v1/admin/insights${query}`, { token });
      expect([res.status, res.body.errors], query).toEqual([400, [message]]);
    }
  });
});

describe('first and last touch on every lead kind', () => {
  it('stores both touches for a registration, keeps the first, replaces the last, drops bad values', async () => {
    const id = 'f7f7f7f7f7f7f7f7f7f7f7f7';
    await db.sql`insert into registrations (id, email, name, phone, father_name, highschool_percent, motivation, access_token_hash)
                 values (${id}, 'touch@example.com', 'T', '9000000099', 'F', 70, 'keen', 'touch-hash')`;
    const lead = { kind: 'registration' as const, id };
    await appDb().begin((tx) =>
      recordLeadTouches(tx, lead, {
        utm_source: 'google',
        utm_medium: 'a\r\nb',
        referrer: 'javascript:alert(1)',
        last_touch_at: '2026-03-01T10:00:00Z',
        first_utm_source: 'twitter',
        first_referrer: 'https://t.co/abc',
        first_touch_at: '2026-02-01T10:00:00Z',
      }),
    );
    await appDb().begin((tx) => recordLeadTouches(tx, lead, { utm_source: 'bing', first_utm_source: 'someone-else' }));
    const rows =
      await db.sql`select touch, utm_source, utm_medium, referrer, touched_at from lead_touches where lead_id = ${id} order by touch`;
    expect(rows).toEqual([
      {
        touch: 'first',
        utm_source: 'twitter',
        utm_medium: null,
        referrer: 'https://t.co/abc',
        touched_at: new Date('2026-02-01T10:00:00Z'),
      },
      { touch: 'last', utm_source: 'bing', utm_medium: null, referrer: null, touched_at: null },
    ]);
    const [facts] =
      await db.sql`select utm_source, first_utm_source, first_referrer from lead_facts where lead_kind = 'registration' and lead_id = ${id}`;
    expect(facts).toEqual({ utm_source: 'bing', first_utm_source: 'twitter', first_referrer: 'https://t.co/abc' });
  });

  it('writes nothing for a lead without any touch', async () => {
    await appDb().begin((tx) => recordLeadTouches(tx, { kind: 'order', id: '424242' }, { utm_source: '   ', referrer: 'not a url' }));
    expect(await db.sql`select 1 from lead_touches where lead_id = '424242'`).toHaveLength(0);
  });
});
