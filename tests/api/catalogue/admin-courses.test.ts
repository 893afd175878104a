import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createAccount, login } from '../../../netlify/lib/accounts/index.ts';
import { resetEnvForTests } from '../../../netlify/lib/platform/index.ts';
import { activeImageStore, useImageStore } from '../../../netlify/lib/images/index.ts';
import { BASE_URL, call, count, useTestDatabase } from '../support/harness.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase();
let token = '';

beforeAll(async () => {
  await createAccount({
    role: 'admin',
    email: 'courses-admin@aspira.example',
    password: 'admin-pass-123',
    firstName: 'Anil',
    lastName: 'Das',
  });
  token = (await login('admin', 'courses-admin@aspira.example', 'admin-pass-123')).token;
});

/** A real photo-like PNG with EXIF (camera, GPS-ish comment) that must not survive. */
async function pngWithExif(width = 2000, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1', ImageDescription: 'home address 221B' } })
    .png()
    .toBuffer();
}

async function jpeg(width = 640, height = 360): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 50, b: 50 } } })
    .jpeg()
    .toBuffer();
}

type Fields = Record<string, string | undefined>;
function courseForm(fields: Fields, image?: { bytes: Uint8Array; name: string; type: string }, imageField = 'image'): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  if (image) form.append(imageField, new File([image.bytes as BlobPart], image.name, { type: image.type }));
  return form;
}

const valid = build.course({
  title: 'Cloud Fundamentals',
  description: 'Learn the cloud from first principles.',
  price: '4999',
  duration: '3 months',
});

async function counts() {
  return { courses: await count(db, 'courses'), images: await count(db, 'images') };
}

async function create(form: FormData, auth = token) {
  return call('POST', '/api/v1/course/create', { rawBody: form, token: auth });
}

describe('POST /api/v1/course/create', () => {
  it('creates a course with a re-encoded, resized, metadata-free WebP image', async () => {
    const before = await counts();
    const res = await create(courseForm(valid, { bytes: await pngWithExif(), name: 'cover.png', type: 'image/png' }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Course created successfully');
    expect(res.body.course).toMatchObject({ title: 'Cloud Fundamentals', price: 4999, duration: '3 months' });
    expect(await counts()).toEqual({ courses: before.courses + 1, images: before.images + 1 });

    const [row] = await db.sql`select c.price_paise, i.content_type, i.bytes, i.width, i.height, i.id
                               from courses c join images i on i.id = c.image_id where c.id = ${res.body.course._id}`;
    expect(Number(row!.price_paise)).toBe(499900);
    expect(row!.content_type).toBe('image/webp');
    expect([row!.width, row!.height]).toEqual([1200, 600]);
    expect(row!.id).toBe(createHash('sha256').update(row!.bytes).digest('hex'));
    const meta = await sharp(row!.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(row!.bytes).includes('SecretCam')).toBe(false);
    expect(res.body.course.image.url).toBe(`/api/v1/images/${row!.id}`);

    const list = await call('GET', '/api/v1/course/courses');
    expect(list.body.courses.map((c: { title: string }) => c.title)).toContain('Cloud Fundamentals');
  });

  it('defaults the duration when the form leaves it out', async () => {
    const res = await create(
      courseForm({ ...valid, title: 'No Duration', duration: undefined }, { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.course.duration).toBe('5 months');
    expect(res.body.course.image.url).toMatch(/^\/api\/v1\/images\/[0-9a-f]{64}$/);
  });

  it('refuses a missing title with 400 naming it, and stores nothing', async () => {
    const before = await counts();
    const res = await create(courseForm({ ...valid, title: undefined }, { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain('title: Enter the title');
    const blank = await create(courseForm({ ...valid, title: '   ' }, { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' }));
    expect(blank.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['-100', 'price: Price must be more than 0'],
    ['0', 'price: Price must be more than 0'],
    ['abc', 'price: Enter the price in rupees'],
    ['', 'price: Enter the price in rupees'],
    ['10.005', 'price: Price can have at most 2 decimals (paise)'],
  ])('refuses the price %j with 400, storing nothing', async (price, message) => {
    const before = await counts();
    const res = await create(courseForm({ ...valid, price }, { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses a 5 MB image with 413, storing nothing', async () => {
    const before = await counts();
    const big = new Uint8Array(5 * 1024 * 1024);
    big.set(await jpeg());
    const res = await create(courseForm(valid, { bytes: big, name: 'big.jpg', type: 'image/jpeg' }));
    expect(res.status).toBe(413);
    expect(JSON.stringify(res.body.errors)).toMatch(/at most 4 MB/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a body over the cap even when no Content-Length is declared', async () => {
    const before = await counts();
    const form = courseForm(valid, { bytes: new Uint8Array(5 * 1024 * 1024).fill(0xff), name: 'big.jpg', type: 'image/jpeg' });
    const encoded = new Request(BASE_URL, { method: 'POST', body: form });
    const stream = encoded.body!;
    const res = await call('POST', '/api/v1/course/create', {
      rawBody: stream,
      token,
      headers: { 'content-type': encoded.headers.get('content-type')! },
    }).catch(async () => {
      // Some runtimes need duplex for a streamed body; fall back to calling the module directly.
      const { default: handler } = await import('../../../netlify/functions/courses-admin.mts');
      const request = new Request(`${BASE_URL}/api/v1/course/create`, {
        method: 'POST',
        body: stream,
        headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! },
        duplex: 'half',
      } as RequestInit);
      const response = await handler(request, {});
      return { status: response.status };
    });
    expect(res.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['an HTML file renamed .jpg', '<!doctype html><html><body><script>alert(1)</script></body></html>', 'evil.jpg', 'image/jpeg'],
    [
      'an SVG',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      'logo.svg',
      'image/svg+xml',
    ],
    ['an SVG renamed .png', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', 'logo.png', 'image/png'],
    ['a GIF', 'GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'a.gif', 'image/gif'],
  ])('refuses %s with 415, storing nothing', async (_label, content, name, type) => {
    const before = await counts();
    const res = await create(courseForm(valid, { bytes: new TextEncoder().encode(content), name, type }));
    expect(res.status).toBe(415);
    expect(res.body.errors).toContain('image: Upload a JPEG, PNG or WebP image');
    expect(await counts()).toEqual(before);
  });

  it('refuses a file that starts like a JPEG but is not one (415)', async () => {
    const before = await counts();
    const fake = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode('<html>not really</html>')]);
    const res = await create(courseForm(valid, { bytes: fake, name: 'fake.jpg', type: 'image/jpeg' }));
    expect(res.status).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it('needs an image on create (400) and refuses a JSON body (415)', async () => {
    const before = await counts();
    const res = await create(courseForm(valid));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain('image: Choose a course image');
    const json = await call('POST', '/api/v1/course/create', { body: valid, token });
    expect(json.status).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it('refuses unknown fields', async () => {
    const res = await create(courseForm({ ...valid, archived_at: 'now' }, { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain('Unknown field: archived_at');
  });

  it('refuses a cookie-authenticated write from another site (403)', async () => {
    const before = await counts();
    const res = await call('POST', '/api/v1/course/create', {
      rawBody: courseForm(valid, { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' }),
      headers: { cookie: `aspira_admin_session=${token}`, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('list price (optional, above the price)', () => {
  const image = async () => ({ bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' });

  it('creates a course with a list price and answers it in rupees', async () => {
    const res = await create(courseForm({ ...valid, title: 'Listed', price: '4000', listPrice: '5000' }, await image()));
    expect(res.status).toBe(201);
    expect(res.body.course).toMatchObject({ price: 4000, listPrice: 5000 });
    const [row] = await db.sql`select price_paise, list_price_paise from courses where id = ${res.body.course._id}`;
    expect([Number(row!.price_paise), Number(row!.list_price_paise)]).toEqual([400000, 500000]);
  });

  it('stores no list price when the field is absent or empty', async () => {
    for (const listPrice of [undefined, '', '  ']) {
      const res = await create(courseForm({ ...valid, listPrice }, await image()));
      expect(res.status).toBe(201);
      expect(res.body.course.listPrice).toBeNull();
    }
  });

  it('refuses a list price not above the price, or not a positive amount, with 400 naming listPrice', async () => {
    const before = await counts();
    for (const listPrice of ['4999', '4000', 'abc', '-5', '0', '100.123']) {
      const res = await create(courseForm({ ...valid, listPrice }, await image()));
      expect(res.status, listPrice).toBe(400);
      expect(res.body.errors.join(' '), listPrice).toMatch(/^listPrice: /);
    }
    const equal = await create(courseForm({ ...valid, listPrice: '4999' }, await image()));
    expect(equal.body.errors).toEqual(['listPrice: List price must be more than the price, or left empty for no discount']);
    expect(await counts()).toEqual(before);
  });

  it('update replaces it: a new one is kept, an empty one clears it, a price raised above it is refused', async () => {
    const created = await create(courseForm({ ...valid, price: '1000', listPrice: '1500' }, await image()));
    const id = created.body.course._id as string;
    const put = (fields: Fields) => call('PUT', `/api/v1/course/update/${id}`, { rawBody: courseForm(fields), token });
    expect((await put({ ...valid, price: '1000', listPrice: '1250' })).body.course).toMatchObject({ price: 1000, listPrice: 1250 });
    const raised = await put({ ...valid, price: '1300', listPrice: '1250' });
    expect(raised.status).toBe(400);
    expect(raised.body.errors.join(' ')).toMatch(/^listPrice: List price must be more than the price/);
    expect((await put({ ...valid, price: '1300', listPrice: '' })).body.course).toMatchObject({ price: 1300, listPrice: null });
    const [row] = await db.sql`select price_paise, list_price_paise from courses where id = ${id}`;
    expect([Number(row!.price_paise), row!.list_price_paise]).toEqual([130000, null]);
  });

  it('the database refuses a list price at or below the price, whatever writes it', async () => {
    await expect(db.sql`update courses set list_price_paise = price_paise where id = '6801c2a4f1e2b3c4d5e6fd57'`).rejects.toThrow(
      /courses_list_price_above_price/,
    );
  });
});

describe('PUT /api/v1/course/update/{id}', () => {
  let id = '';
  let imageId = '';
  beforeAll(async () => {
    const res = await create(courseForm({ ...valid, title: 'To Update' }, { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' }));
    id = res.body.course._id;
    imageId = res.body.course.image.url.split('/').pop();
  });

  it('keeps the old image when none is sent (empty file part included)', async () => {
    const res = await call('PUT', `/api/v1/course/update/${id}`, {
      rawBody: courseForm({ ...valid, title: 'Updated Title', price: '5999' }),
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Course updated successfully');
    expect(res.body.course).toMatchObject({ title: 'Updated Title', price: 5999, duration: '3 months' });
    const form = courseForm({ ...valid, price: '6500' });
    form.append('image', new File([], '', { type: 'application/octet-stream' }));
    const res2 = await call('PUT', `/api/v1/course/update/${id}`, { rawBody: form, token });
    expect(res2.status).toBe(200);
    const [row] = await db.sql`select image_id, price_paise from courses where id = ${id}`;
    expect(row!.image_id).toBe(imageId);
    expect(Number(row!.price_paise)).toBe(650000);
  });

  it('replaces the image when one is sent (the original field name imageUrl works too)', async () => {
    const res = await call('PUT', `/api/v1/course/update/${id}`, {
      rawBody: courseForm(valid, { bytes: await pngWithExif(300, 200), name: 'n.png', type: 'image/png' }, 'imageUrl'),
      token,
    });
    expect(res.status).toBe(200);
    const [row] = await db.sql`select image_id from courses where id = ${id}`;
    expect(row!.image_id).not.toBe(imageId);
    expect(res.body.course.image.url).toBe(`/api/v1/images/${row!.image_id}`);
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const [before] = await db.sql`select title, price_paise, image_id from courses where id = ${id}`;
    expect((await call('PUT', `/api/v1/course/update/${id}`, { rawBody: courseForm({ ...valid, price: '-1' }), token })).status).toBe(400);
    expect((await call('PUT', `/api/v1/course/update/${id}`, { rawBody: courseForm({ ...valid, title: '' }), token })).status).toBe(400);
    expect(
      (
        await call('PUT', `/api/v1/course/update/${id}`, {
          rawBody: courseForm(valid, { bytes: new TextEncoder().encode('<svg/>'), name: 'x.svg', type: 'image/svg+xml' }),
          token,
        })
      ).status,
    ).toBe(415);
    const [after] = await db.sql`select title, price_paise, image_id from courses where id = ${id}`;
    expect(after).toEqual(before);
  });

  it('answers 404 for an unknown course and 400 for a malformed id', async () => {
    expect((await call('PUT', '/api/v1/course/update/0123456789abcdef01234567', { rawBody: courseForm(valid), token })).status).toBe(404);
    expect((await call('PUT', '/api/v1/course/update/nope', { rawBody: courseForm(valid), token })).status).toBe(400);
  });
});

describe('DELETE /api/v1/course/delete/{id}', () => {
  it('deletes a course nobody bought', async () => {
    const created = await create(
      courseForm({ ...valid, title: 'Short Lived' }, { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' }),
    );
    const id = created.body.course._id as string;
    const res = await call('DELETE', `/api/v1/course/delete/${id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Course deleted successfully', archived: false });
    expect(await db.sql`select 1 from courses where id = ${id}`).toHaveLength(0);
    expect((await call('DELETE', `/api/v1/course/delete/${id}`, { token })).status).toBe(404);
  });

  it('archives a bought course: it leaves the catalogue, the purchase keeps it', async () => {
    const created = await create(
      courseForm({ ...valid, title: 'Bought Course' }, { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' }),
    );
    const id = created.body.course._id as string;
    const buyer = await createAccount({
      role: 'user',
      email: 'buyer@example.com',
      password: 'buyer-pass-1',
      firstName: 'Buyer',
      lastName: 'One',
    });
    await db.sql`insert into payment_orders (id, gateway, purpose, amount_paise, receipt, status, payment_id, paid_at)
                 values ('order_test_1', 'sandbox', 'course', 499900, 'r1', 'paid', 'pay_test_1', now())`;
    await db.sql`insert into course_orders (account_id, course_id, email, gateway_order_id, amount_paise, status, payment_id, paid_at)
                 values (${buyer.id}, ${id}, 'buyer@example.com', 'order_test_1', 499900, 'paid', 'pay_test_1', now())`;
    const res = await call('DELETE', `/api/v1/course/delete/${id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Course deleted successfully', archived: true });
    const [purchase] = await db.sql`select o.status, o.amount_paise, c.title, c.archived_at
                                    from course_orders o join courses c on c.id = o.course_id where o.payment_id = 'pay_test_1'`;
    expect(purchase).toMatchObject({ status: 'paid', title: 'Bought Course' });
    expect(Number(purchase!.amount_paise)).toBe(499900);
    expect(purchase!.archived_at).not.toBeNull();
    expect((await call('GET', `/api/v1/course/${id}`)).status).toBe(404);
    const list = await call('GET', '/api/v1/course/courses');
    expect(list.body.courses.map((c: { _id: string }) => c._id)).not.toContain(id);
    expect((await call('DELETE', `/api/v1/course/delete/${id}`, { token })).status).toBe(404);
    expect((await call('PUT', `/api/v1/course/update/${id}`, { rawBody: courseForm(valid), token })).status).toBe(404);
  });

  it('archives a course referenced by a table without a foreign key (a course_id column)', async () => {
    const created = await create(
      courseForm({ ...valid, title: 'Loosely Referenced' }, { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' }),
    );
    const id = created.body.course._id as string;
    await db.sql`create table legacy_enrolments (id serial primary key, course_id text not null)`;
    try {
      await db.sql`insert into legacy_enrolments (course_id) values (${id})`;
      const res = await call('DELETE', `/api/v1/course/delete/${id}`, { token });
      expect(res.body.archived).toBe(true);
      expect(await db.sql`select 1 from courses where id = ${id}`).toHaveLength(1);
    } finally {
      await db.sql`drop table legacy_enrolments`;
    }
  });

  it('answers 400 for a malformed id and deletes nothing', async () => {
    const before = await counts();
    expect((await call('DELETE', "/api/v1/course/delete/1' or '1'='1", { token })).status).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

/** Records what a fake endpoint received. */
function fakeServer(
  handler: (req: IncomingMessage, body: Buffer) => { status: number; body?: unknown; headers?: Record<string, string> },
): Promise<{
  url: string;
  server: Server;
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[];
}> {
  const requests: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const out = handler(req, body);
      const payload = out.body instanceof Uint8Array ? out.body : JSON.stringify(out.body ?? {});
      res.writeHead(out.status, { 'content-type': 'application/json', ...out.headers });
      res.end(payload);
    });
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      ok({ url: `http://127.0.0.1:${address.port}`, server, requests });
    }),
  );
}

describe('the Netlify build hook', () => {
  let hook: Awaited<ReturnType<typeof fakeServer>>;
  let status = 200;
  beforeAll(async () => {
    hook = await fakeServer(() => ({ status }));
    process.env.NETLIFY_BUILD_HOOK_URL = `${hook.url}/build_hooks/abc123`;
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.NETLIFY_BUILD_HOOK_URL;
    resetEnvForTests();
    hook.server.close();
  });

  it('is called after create, update and delete', async () => {
    hook.requests.length = 0;
    const created = await create(courseForm({ ...valid, title: 'Hooked' }, { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' }));
    const id = created.body.course._id as string;
    await call('PUT', `/api/v1/course/update/${id}`, { rawBody: courseForm({ ...valid, price: '100' }), token });
    await call('DELETE', `/api/v1/course/delete/${id}`, { token });
    expect(hook.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
    expect(hook.requests.every((r) => r.url.startsWith('/build_hooks/abc123?trigger_title='))).toBe(true);
  });

  it('never fails the request when the hook fails or is unreachable', async () => {
    status = 500;
    const res = await create(courseForm({ ...valid, title: 'Hook Down' }, { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' }));
    expect(res.status).toBe(201);
    process.env.NETLIFY_BUILD_HOOK_URL = 'http://127.0.0.1:9/unreachable';
    resetEnvForTests();
    const res2 = await call('DELETE', `/api/v1/course/delete/${res.body.course._id}`, { token });
    expect(res2.status).toBe(200);
    status = 200;
  });

  it('is not called for a refused request', async () => {
    process.env.NETLIFY_BUILD_HOOK_URL = `${hook.url}/build_hooks/abc123`;
    resetEnvForTests();
    hook.requests.length = 0;
    await create(courseForm({ ...valid, price: '-5' }, { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' }));
    expect(hook.requests).toHaveLength(0);
  });
});

describe('Supabase Storage image store (against a fake Storage server)', () => {
  const KEY = 'service-role-key-for-tests';
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  let storage: Awaited<ReturnType<typeof fakeServer>>;
  let failUploads = false;

  beforeAll(async () => {
    storage = await fakeServer((req, body) => {
      if (req.headers.authorization !== `Bearer ${KEY}`)
        return { status: 403, body: { statusCode: '403', error: 'Unauthorized', message: 'bad key' } };
      const match = req.url!.match(/^\/storage\/v1\/object\/([^/]+)\/(.+)$/);
      if (!match) return { status: 404, body: { statusCode: '404', error: 'not_found', message: 'no route' } };
      const key = `${match[1]}/${match[2]}`;
      if (req.method === 'POST' || req.method === 'PUT') {
        if (failUploads) return { status: 500, body: { statusCode: '500', error: 'internal', message: 'disk full' } };
        objects.set(key, { bytes: body, type: String(req.headers['content-type']) });
        return { status: 200, body: { Key: key, Id: 'x' } };
      }
      const object = objects.get(key);
      if (!object) return { status: 404, body: { statusCode: '404', error: 'not_found', message: 'Object not found' } };
      return { status: 200, body: object.bytes, headers: { 'content-type': object.type } };
    });
    // Chosen from the environment, as in production.
    Object.assign(process.env, { SUPABASE_URL: storage.url, SUPABASE_SERVICE_ROLE_KEY: KEY, SUPABASE_STORAGE_BUCKET: 'course-images' });
    resetEnvForTests();
    useImageStore(undefined);
  });
  afterAll(() => {
    for (const key of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_STORAGE_BUCKET']) delete process.env[key];
    resetEnvForTests();
    useImageStore(undefined);
    storage.server.close();
  });

  it('is the store chosen when SUPABASE_URL and the service key are set', async () => {
    expect((await activeImageStore()).name).toBe('supabase');
  });

  it('uploads the re-encoded image to the bucket, keeps only its row in Postgres, and serves it', async () => {
    const res = await create(
      courseForm({ ...valid, title: 'Stored in Supabase' }, { bytes: await pngWithExif(800, 400), name: 'c.png', type: 'image/png' }),
    );
    expect(res.status).toBe(201);
    const id = (res.body.course.image.url as string).split('/').pop()!;
    const upload = storage.requests.find((r) => r.method === 'POST')!;
    expect(upload.url).toBe(`/storage/v1/object/course-images/${id}`);
    expect(upload.headers['content-type']).toBe('image/webp');
    expect(upload.headers['x-upsert']).toBe('true');
    expect(createHash('sha256').update(upload.body).digest('hex')).toBe(id);
    const [row] = await db.sql`select storage, bytes, width, content_type from images where id = ${id}`;
    expect(row).toMatchObject({ storage: 'supabase', bytes: null, width: 800, content_type: 'image/webp' });

    const image = await call('GET', `/api/v1/images/${id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
  });

  it('still serves images held in Postgres (the seeded ones)', async () => {
    const list = await call('GET', '/api/v1/course/courses');
    const seeded = list.body.courses.find((c: { title: string }) => c.title === 'Digital Marketing');
    const res = await call('GET', seeded.image.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
  });

  it('stores no course when the upload fails', async () => {
    failUploads = true;
    const before = await counts();
    const res = await create(
      courseForm({ ...valid, title: 'Upload Fails' }, { bytes: await jpeg(321, 123), name: 'a.jpg', type: 'image/jpeg' }),
    );
    expect(res.status).toBe(500);
    expect(await counts()).toEqual(before);
    failUploads = false;
  });
});
