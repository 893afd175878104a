import { describe, expect, it } from 'vitest';
import { call, count, useTestDatabase } from '../support/harness.ts';

const db = useTestDatabase();
const FIXED = [
  '6801c2a4f1e2b3c4d5e6fd57',
  '6801c2a4f1e2b3c4d5e6fd68',
  '6801c2a4f1e2b3c4d5e6fd64',
  '6801c2a4f1e2b3c4d5e6fdb0',
  '6801c2a4f1e2b3c4d5e6fd75',
];

describe('GET /api/v1/course/courses', () => {
  it('lists the five seeded courses with their fields and prices in rupees, and no list price', async () => {
    const res = await call('GET', '/api/v1/course/courses');
    expect(res.status).toBe(200);
    expect(res.body.courses.map((c: { _id: string }) => c._id).sort()).toEqual([...FIXED].sort());
    const dm = res.body.courses.find((c: { _id: string }) => c._id.endsWith('d57'));
    expect(dm).toMatchObject({ title: 'Digital Marketing', price: 249000, listPrice: null, duration: '5 months' });
    // No seeded course has a list price: the catalogue claims no discount it cannot back.
    expect(res.body.courses.map((c: { listPrice: number | null }) => c.listPrice)).toEqual([null, null, null, null, null]);
    expect(dm.image.url).toMatch(/^\/api\/v1\/images\/[0-9a-f]{64}$/);
    const prices = Object.fromEntries(res.body.courses.map((c: { title: string; price: number }) => [c.title, c.price]));
    expect(prices).toEqual({
      'Digital Marketing': 249000,
      'Sales Management': 249000,
      'Product Management': 299000,
      'Business Intelligence': 299000,
      'Data Analytics': 299000,
    });
    expect(res.headers.get('cache-control')).toContain('must-revalidate');
  });

  it('answers a list price set by an admin in rupees, in the list and for one course', async () => {
    await db.sql`update courses set list_price_paise = 31125000 where id = ${FIXED[1]!}`;
    const list = await call('GET', '/api/v1/course/courses');
    expect(list.body.courses.find((c: { _id: string }) => c._id === FIXED[1])).toMatchObject({ price: 299000, listPrice: 311250 });
    const one = await call('GET', `/api/v1/course/${FIXED[1]}`);
    expect(one.body.course).toMatchObject({ price: 299000, listPrice: 311250 });
    await db.sql`update courses set list_price_paise = null where id = ${FIXED[1]!}`;
  });

  it('leaves archived courses out', async () => {
    await db.sql`update courses set archived_at = now() where id = ${FIXED[4]!}`;
    const res = await call('GET', '/api/v1/course/courses');
    expect(res.body.courses).toHaveLength(4);
    await db.sql`update courses set archived_at = null where id = ${FIXED[4]!}`;
  });

  it('is read-only: other methods reach no function (404) and change nothing', async () => {
    // The catalogue function is bound to GET, so the admin's POST /course/create (which ":id"
    // would match) reaches the admin function; any other write to the catalogue reaches nothing.
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await call(method, '/api/v1/course/courses', { body: { title: 'x' } });
      expect(res.status).toBe(404);
    }
    expect(await count(db, 'courses')).toBe(5);
    const create = await call('POST', '/api/v1/course/create', { body: { title: 'x' } });
    expect(create.status).toBe(401);
    expect(create.body.errors).toBe('Please login to admin');
  });
});

describe('GET /api/v1/course/{id}', () => {
  it('answers one course', async () => {
    const res = await call('GET', `/api/v1/course/${FIXED[1]}`);
    expect(res.status).toBe(200);
    expect(res.body.course).toMatchObject({ _id: FIXED[1], title: 'Product Management', price: 299000 });
  });

  it('accepts upper-case hex ids', async () => {
    const res = await call('GET', `/api/v1/course/${FIXED[1]!.toUpperCase()}`);
    expect(res.status).toBe(200);
  });

  it('answers 404 with a clear message for an unknown id', async () => {
    const res = await call('GET', '/api/v1/course/0123456789abcdef01234567');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: 'Course not found' });
  });

  it.each(['abc', '6801c2a4f1e2b3c4d5e6fd5', '6801c2a4f1e2b3c4d5e6fd577', 'zz01c2a4f1e2b3c4d5e6fd57', "1' or '1'='1"])(
    'answers 400 for the malformed id %s',
    async (id) => {
      const res = await call('GET', `/api/v1/course/${encodeURIComponent(id)}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toMatch(/24 hexadecimal/);
    },
  );
});

describe('GET /api/v1/images/{id}', () => {
  it('serves a course image with immutable caching', async () => {
    const list = await call('GET', '/api/v1/course/courses');
    const url = list.body.courses[0].image.url as string;
    const request = new Request(`http://localhost:8888${url}`);
    const { default: handler } = await import('../../../netlify/functions/images.mts');
    const res = await handler(request, {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP');
  });

  it('answers 404 for an unknown image and 400 for a malformed id', async () => {
    expect((await call('GET', `/api/v1/images/${'a'.repeat(64)}`)).status).toBe(404);
    expect((await call('GET', '/api/v1/images/..%2F..%2Fetc%2Fpasswd')).status).toBe(400);
  });
});
