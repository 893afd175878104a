import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, login } from '../../../netlify/lib/accounts/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { parseCsv } from '../../fixtures/csv.ts';

const db = useTestDatabase();
let token = '';

/** The export starts with a BOM (for Excel); the cells follow it. */
const readCsv = (text: string) => parseCsv(text.replace(/^\uFEFF/, ''));

const DM = '6801c2a4f1e2b3c4d5e6fd57';

beforeAll(async () => {
  await createAccount({
    role: 'admin',
    email: 'inbox-admin@aspira.example',
    password: 'admin-pass-123',
    firstName: 'Inbox',
    lastName: 'Admin',
  });
  token = (await login('admin', 'inbox-admin@aspira.example', 'admin-pass-123')).token;
  const sql = db.sql;
  // One of each kind, at known times (IST dates: 10, 11, 12, 13, 14 and 15 March 2026).
  await sql`insert into contact_requests (source, name, phone, email, programme, comments, created_at)
            values ('advisor', 'Asha Rao', '+919876543210', 'asha@example.com', 'Data Analytics', '', '2026-03-10T05:00:00Z')`;
  await sql`insert into scholarship_applications (name, email, phone, institute, message, created_at)
            values ('=HYPERLINK("http://evil.example","click")', 'formula@example.com', '+919811122233', 'Delhi, "North" Campus', ${'Line one,\nline two with "quotes"'}, '2026-03-11T05:00:00Z')`;
  await sql`insert into startup_pitches (name, phone, email, location, startup_name, stage, comments, industries, startup_idea, problem, audience, uvp, usage, team, vision, pitch_deck_link, created_at)
            values ('Kiran Shah', '+14155550100', 'kiran@startup.example', 'Bengaluru', 'FarmFlow', 'MVP / Prototype ready', 'none', ${['AI / ML', 'SaaS']}, 'idea', 'problem', 'farmers', 'uvp', 'mentors', 'two founders', 'vision', 'https://deck.example/ff', '2026-03-12T05:00:00Z')`;
  await sql`insert into registrations (id, email, name, phone, father_name, highschool_percent, motivation, access_token_hash, status, created_at)
            values ('aaaaaaaaaaaaaaaaaaaaaaaa', 'unpaid@example.com', 'Unpaid Person', '+919800000001', 'Father U', 80, 'keen', 'hash-1', 'unpaid', '2026-03-13T05:00:00Z'),
                   ('bbbbbbbbbbbbbbbbbbbbbbbb', 'paid@example.com', 'Paid Person', '+919800000002', 'Father P', 91.5, 'very keen', 'hash-2', 'paid', '2026-03-13T06:00:00Z')`;
  await sql`insert into payment_orders (id, gateway, purpose, amount_paise, receipt, status, payment_id, paid_at)
            values ('order_reg_1', 'sandbox', 'registration', 850000, 'r1', 'paid', 'pay_reg_1', '2026-03-14T05:00:00Z'),
                   ('order_course_1', 'sandbox', 'course', 24900000, 'r2', 'paid', 'pay_course_1', '2026-03-15T05:00:00Z')`;
  await sql`insert into registration_payments (registration_id, order_id, fee_option, program_name, amount_paise, status, payment_id, paid_at, created_at)
            values ('bbbbbbbbbbbbbbbbbbbbbbbb', 'order_reg_1', 'hybrid', 'AspiraDemy Hybrid', 850000, 'paid', 'pay_reg_1', '2026-03-14T05:00:00Z', '2026-03-14T04:59:00Z')`;
  const buyer = await createAccount({
    role: 'user',
    email: 'buyer@example.com',
    password: 'buyer-pass-1',
    firstName: 'Bharat',
    lastName: 'Buyer',
  });
  await sql`insert into course_orders (account_id, course_id, email, gateway_order_id, amount_paise, status, payment_id, paid_at, created_at)
            values (${buyer.id}, ${DM}, 'buyer@example.com', 'order_course_1', 24900000, 'paid', 'pay_course_1', '2026-03-15T05:00:00Z', '2026-03-15T05:00:00Z')`;
});

async function leads(query = '') {
  const res = await call('GET', `/api/v1/admin/leads${query}`, { token });
  expect(res.status).toBe(200);
  return res.body as {
    rows: {
      kind: string;
      id: string;
      createdAt: string;
      name: string;
      email: string;
      phone: string;
      summary: string;
      details: Record<string, unknown>;
    }[];
    kinds: string[];
  };
}

describe('GET /api/v1/admin/leads', () => {
  it('lists every kind, newest first, in one shape', async () => {
    const body = await leads();
    expect(body.kinds).toEqual(['contact', 'scholarship', 'pitch', 'registration', 'order']);
    expect(body.rows.map((l) => l.kind)).toEqual(['order', 'registration', 'registration', 'pitch', 'scholarship', 'contact']);
    const times = body.rows.map((l) => Date.parse(l.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const lead of body.rows)
      expect(Object.keys(lead).sort()).toEqual([
        'createdAt',
        'details',
        'email',
        'id',
        'kind',
        'name',
        'nextFollowUpAt',
        'ownerId',
        'ownerName',
        'phone',
        'stage',
        'summary',
      ]);
  });

  it('shows paid registrations with payment id and amount, and unpaid ones', async () => {
    const body = await leads('?kind=registration');
    const paid = body.rows.find((l) => l.email === 'paid@example.com')!;
    expect(paid.details).toMatchObject({ status: 'paid', paymentId: 'pay_reg_1', amountRupees: 8500, programName: 'AspiraDemy Hybrid' });
    expect(paid.summary).toContain('pay_reg_1');
    expect(paid.summary).toBe('Paid · AspiraDemy Hybrid · ₹8,500 · pay_reg_1');
    const unpaid = body.rows.find((l) => l.email === 'unpaid@example.com')!;
    expect(unpaid.details).toMatchObject({ status: 'unpaid' });
    expect(unpaid.phone).toBe('+919800000001');
  });

  it('shows course orders with buyer, course, amount and payment id', async () => {
    const [order] = (await leads('?kind=order')).rows;
    expect(order).toMatchObject({ name: 'Bharat Buyer', email: 'buyer@example.com' });
    expect(order!.details).toMatchObject({ course: 'Digital Marketing', amountRupees: 249000, paymentId: 'pay_course_1', status: 'paid' });
    // Every amount through the site's one formatter (Indian grouping), not "₹249000.00".
    expect(order!.summary).toBe('Digital Marketing · paid · ₹2,49,000');
  });

  it('shows pitch details (industries as a list)', async () => {
    const [pitch] = (await leads('?kind=pitch')).rows;
    expect(pitch!.details).toMatchObject({
      startupName: 'FarmFlow',
      industries: ['AI / ML', 'SaaS'],
      pitchDeckLink: 'https://deck.example/ff',
    });
  });

  it('filters by kind', async () => {
    for (const kind of ['contact', 'scholarship', 'pitch', 'order']) {
      const body = await leads(`?kind=${kind}`);
      expect(body.rows).toHaveLength(1);
      expect(body.rows[0]!.kind).toBe(kind);
    }
  });

  it('filters by date range (inclusive India dates)', async () => {
    expect((await leads('?from=2026-03-12&to=2026-03-13')).rows.map((l) => l.kind)).toEqual(['registration', 'pitch']);
    expect((await leads('?from=2026-03-15')).rows.map((l) => l.kind)).toEqual(['order']);
    expect((await leads('?to=2026-03-10')).rows.map((l) => l.kind)).toEqual(['contact']);
    expect((await leads('?from=2027-01-01')).rows).toEqual([]);
  });

  it('searches name, email and phone (case-insensitive, phone by digits)', async () => {
    expect((await leads('?q=ASHA')).rows.map((l) => l.email)).toEqual(['asha@example.com']);
    expect((await leads('?q=startup.example')).rows.map((l) => l.name)).toEqual(['Kiran Shah']);
    expect((await leads('?q=98765%2043210')).rows.map((l) => l.name)).toEqual(['Asha Rao']);
    expect((await leads('?q=%25')).rows).toEqual([]);
    expect((await leads('?q=nobody-here')).rows).toEqual([]);
  });

  it('combines kind, dates and search', async () => {
    expect((await leads('?kind=registration&from=2026-03-14&q=paid')).rows.map((l) => l.email)).toEqual(['paid@example.com']);
  });

  it.each([
    ['?kind=spam', 'kind'],
    ['?from=yesterday', 'from'],
    ['?from=2026-03-15&to=2026-03-10', 'from'],
    ['?format=xlsx', 'format'],
    ['?limit=0', 'limit'],
    ['?drop=table', 'Unknown field'],
  ])('refuses the bad query %s with 400 naming %s', async (query, field) => {
    const res = await call('GET', `/api/v1/admin/leads${query}`, { token });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toContain(field);
  });

  it('shows a lead submitted through the real scholarship form endpoint', async () => {
    const res = await call('POST', '/api/v1/user/scholarship', {
      body: { name: 'Visitor Vani', email: 'vani@example.com', phone: '9876500000', institute: 'IIT', message: 'Please consider me' },
      ip: '192.0.2.55',
    });
    expect(res.status).toBe(201);
    const [newest] = (await leads()).rows;
    expect(newest).toMatchObject({ kind: 'scholarship', name: 'Visitor Vani', email: 'vani@example.com' });
    await db.sql`delete from scholarship_applications where email = 'vani@example.com'`;
  });
});

describe('GET /api/v1/admin/leads?format=csv', () => {
  it('exports the current filter as CSV with correct quoting and no formulas', async () => {
    const res = await call('GET', '/api/v1/admin/leads?kind=scholarship&format=csv', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="aspira-leads-scholarship-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const rows = readCsv(res.text);
    expect(rows[0]).toEqual([
      'kind',
      'id',
      'created_at',
      'name',
      'email',
      'phone',
      'summary',
      'details',
      'amount_rupees',
      'stage',
      'owner',
      'next_follow_up_at',
    ]);
    expect(rows).toHaveLength(2);
    const [, row] = rows as [string[], string[]];
    expect(row[0]).toBe('scholarship');
    expect(row[3]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(row[5]).toBe("'+919811122233");
    expect(row[7]).toContain('institute: Delhi, "North" Campus');
    expect(row[7]).toContain('message: Line one,\nline two with "quotes"');
    // Raw text: the formula cell is quoted with doubled quotes and starts with the apostrophe.
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it('exports every kind when no kind is chosen, and an empty filter as just the header', async () => {
    const all = readCsv((await call('GET', '/api/v1/admin/leads?format=csv', { token })).text);
    expect(all).toHaveLength(7);
    expect(all.slice(1).map((r) => r[0])).toEqual(['order', 'registration', 'registration', 'pitch', 'scholarship', 'contact']);
    const none = readCsv((await call('GET', '/api/v1/admin/leads?format=csv&from=2030-01-01', { token })).text);
    expect(none).toHaveLength(1);
  });

  it('keeps amounts as plain numbers for spreadsheets, next to the readable summary', async () => {
    const rows = readCsv((await call('GET', '/api/v1/admin/leads?kind=order&format=csv', { token })).text);
    const [, order] = rows as [string[], string[]];
    expect(order[6]).toBe('Digital Marketing · paid · ₹2,49,000');
    expect(order[8]).toBe('249000');
    expect(order[7]).toContain('amountRupees: 249000');
    const contact = readCsv((await call('GET', '/api/v1/admin/leads?kind=contact&format=csv', { token })).text);
    expect(contact[1]![8]).toBe('');
  });

  it('neutralises cells starting with = + - @ in every column', async () => {
    await db.sql`insert into contact_requests (source, name, phone, email, comments)
                 values ('contact', '@SUM(1+1)', '+919876543299', 'minus@example.com', '-2+3')`;
    const rows = readCsv((await call('GET', '/api/v1/admin/leads?kind=contact&format=csv', { token })).text);
    const row = rows.find((r) => r[4] === 'minus@example.com')!;
    expect(row[3]).toBe("'@SUM(1+1)");
    for (const cell of rows.slice(1).flat()) expect(cell).not.toMatch(/^[=+\-@]/);
  });
});
