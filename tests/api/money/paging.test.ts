import { beforeAll, describe, expect, it } from 'vitest';
import { call, testAccount, useTestDatabase } from '../support/harness.ts';
import { parseCsv } from '../../fixtures/csv.ts';

const db = useTestDatabase();
let owner: { token: string };
const PAYMENTS = 300;

/** Every page of `path` (which has a query already), following `next`. */
async function walk(path: string): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  do {
    const res = await call('GET', `${path}${after ? `&after=${after}` : ''}`, { token: owner.token });
    expect(res.status, res.text).toBe(200);
    seen.push(...(res.body.rows as { orderId: string }[]).map((r) => r.orderId));
    after = res.body.next;
  } while (after);
  return seen;
}

const inDb = async (order: string, where = 'true') =>
  (
    await db.sql<{ id: string }[]>`
      select id from payment_orders where status = 'paid' and ${db.sql.unsafe(where)} order by ${db.sql.unsafe(order)}`
  ).map((r) => r.id);

beforeAll(async () => {
  owner = await testAccount('admin', 'owner', 'money-paging');
  // 300 captures in October 2026: a quarter of them at one instant and 17 amounts (ties the id
  // breaks); every tenth a course bought twice, refunded automatically.
  await db.sql`
    insert into payment_orders (id, gateway, purpose, amount_paise, receipt, status, payment_id, paid_at,
                                capture_outcome, duplicate_refund_id, buyer_email, item)
    select 'order_pg' || lpad(n::text, 4, '0'), 'sandbox', case when n % 2 = 0 then 'course' else 'registration' end,
           (n % 17 + 1) * 100000, 'pg' || n, 'paid', 'pay_pg' || n,
           case when n % 4 = 0 then timestamptz '2026-10-10T04:30:00Z'
                else timestamptz '2026-10-01T04:30:00Z' + n * interval '1 hour' end,
           case when n % 10 = 0 then 'duplicate' else 'granted' end,
           case when n % 10 = 0 then 'rfnd_pg' || n end,
           'buyer' || n || '@example.com', 'Item ' || n
    from generate_series(1, ${PAYMENTS}) as n`;
});

describe('the payments a page at a time', () => {
  it('pages by date, newest first then oldest first, with no payment twice and none missing', async () => {
    const newest = await walk('/api/v1/admin/money/payments?limit=23');
    expect(newest).toHaveLength(PAYMENTS);
    expect(newest).toEqual(await inDb('paid_at desc, id desc'));
    const oldest = await walk('/api/v1/admin/money/payments?dir=asc&limit=50');
    expect(oldest).toEqual([...newest].reverse());
  });

  it('pages by amount both ways, the id breaking ties', async () => {
    expect(await walk('/api/v1/admin/money/payments?sort=amount&dir=desc&limit=41')).toEqual(await inDb('amount_paise desc, id desc'));
    expect(await walk('/api/v1/admin/money/payments?sort=amount&dir=asc&limit=200')).toEqual(await inDb('amount_paise asc, id asc'));
  });

  it('keeps the filters: kind, dates and status', async () => {
    expect(await walk('/api/v1/admin/money/payments?kind=course&limit=30')).toEqual(
      await inDb('paid_at desc, id desc', `purpose = 'course'`),
    );
    // 10 Oct 2026 in India: the quarter paid at one instant and the hours of that day.
    expect(await walk('/api/v1/admin/money/payments?from=2026-10-10&to=2026-10-10&sort=amount&limit=9')).toEqual(
      await inDb('amount_paise desc, id desc', `paid_at >= '2026-10-09T18:30:00Z' and paid_at < '2026-10-10T18:30:00Z'`),
    );
    // The status is known with the refunds: short pages are filled from the next ones.
    const refunded = await walk('/api/v1/admin/money/payments?status=refunded&limit=7');
    expect(refunded).toEqual(await inDb('paid_at desc, id desc', `capture_outcome = 'duplicate'`));
    expect(refunded).toHaveLength(PAYMENTS / 10);
    const first = await call('GET', '/api/v1/admin/money/payments?status=refunded&limit=7', { token: owner.token });
    expect(first.body.rows.length).toBeGreaterThanOrEqual(7);
  });

  it('refuses a forged cursor, a cursor of another sort and an unknown sort with 400', async () => {
    const first = await call('GET', '/api/v1/admin/money/payments?limit=5', { token: owner.token });
    expect(first.body.next).toBeTruthy();
    const [payload, signature] = (first.body.next as string).split('.');
    const forged = `${Buffer.from(JSON.stringify({ l: 'money', s: 'time', d: 'desc', v: ['2020-01-01', 'x'] })).toString('base64url')}.${signature}`;
    for (const after of [forged, `${payload}.${'A'.repeat(22)}`]) {
      const res = await call('GET', `/api/v1/admin/money/payments?after=${after}`, { token: owner.token });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(['after: Not a page of this list: load the list again from its first page']);
    }
    const otherSort = await call('GET', `/api/v1/admin/money/payments?sort=amount&after=${first.body.next}`, { token: owner.token });
    expect(otherSort.status).toBe(400);
    const unknown = await call('GET', '/api/v1/admin/money/payments?sort=buyer', { token: owner.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual(['sort: sort must be one of time, amount']);
  });

  it('owners only', async () => {
    const counsellor = await testAccount('admin', 'counsellor', 'money-paging-counsellor');
    expect((await call('GET', '/api/v1/admin/money/payments', { token: counsellor.token })).status).toBe(403);
    expect((await call('GET', '/api/v1/admin/money/payments.csv', { token: counsellor.token })).status).toBe(403);
  });

  it('the CSV streams every payment the filter matches, in the list order', async () => {
    const csv = await call('GET', '/api/v1/admin/money/payments.csv?sort=amount&dir=asc', { token: owner.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = parseCsv(csv.text.replace(/^\uFEFF/, ''));
    expect(lines[0]).toEqual([
      'Paid at',
      'Payment ID',
      'Order ID',
      'Kind',
      'Item',
      'Buyer',
      'Email',
      'Amount',
      'Refunded',
      'Refund pending',
      'Status',
      'Invoice number',
      'Discount code',
    ]);
    expect(lines.slice(1).map((l) => l[2])).toEqual(await inDb('amount_paise asc, id asc'));
    const courses = parseCsv((await call('GET', '/api/v1/admin/money/payments.csv?kind=course', { token: owner.token })).text);
    expect(courses).toHaveLength(PAYMENTS / 2 + 1);
  });
});
