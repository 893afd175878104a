import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJson } from './body.ts';
import { HttpError } from './errors.ts';
import { currentRequest, routes } from './routes.ts';
import { SECURITY_HEADERS } from '../security-headers.ts';

process.env.DATABASE_URL ??= 'postgres://unused';
process.env.LOG_LEVEL = 'silent';

const schema = z.object({ email: z.string().email('Enter a valid email address'), name: z.string().max(5, 'Name is too long') }).strict();
const echo = routes({
  'POST /api/v1/echo': async ({ request }) => new Response(JSON.stringify(await readJson(request, schema))),
  'GET /api/v1/items/:id': ({ params }) => new Response(params.id),
  'GET /api/v1/boom': () => {
    throw new Error('secret internals: password=hunter2');
  },
  'GET /api/v1/teapot': () => {
    throw new HttpError(418, ['field: message']);
  },
  'POST /api/v1/later': () => {
    currentRequest()!.after(async () => void done.push('after'));
    done.push('handler');
    throw new HttpError(409, 'answered with an error, the queued work still runs');
  },
});
const done: string[] = [];

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  echo(new Request('http://localhost/api/v1/echo', { method: 'POST', body, headers }));

describe('routes and body parsing', () => {
  it('parses valid JSON with the schema', async () => {
    const res = await post(JSON.stringify({ email: 'a@b.co', name: 'Asha' }));
    expect(res.status).toBe(200);
  });

  it('answers 400 naming each bad field', async () => {
    const res = await post(JSON.stringify({ email: 'nope', name: 'far too long' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: ['email: Enter a valid email address', 'name: Name is too long'] });
  });

  it('refuses unknown keys', async () => {
    const res = await post(JSON.stringify({ email: 'a@b.co', name: 'A', admin: true }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual(['Unknown field: admin']);
  });

  it('answers 400 for broken JSON, 415 for another content type, 413 over 64 KB', async () => {
    expect((await post('{"email":')).status).toBe(400);
    expect((await post('email=a', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    const big = JSON.stringify({ email: 'a@b.co', name: 'x'.repeat(70 * 1024) });
    const res = await post(big);
    expect(res.status).toBe(413);
    expect((await res.json()).errors).toMatch(/64 KB/);
  });

  it('answers 405 with Allow for a known path and another method, 404 elsewhere', async () => {
    const res = await echo(new Request('http://localhost/api/v1/echo', { method: 'DELETE' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await echo(new Request('http://localhost/api/v1/other'))).status).toBe(404);
  });

  it('passes path parameters', async () => {
    expect(await (await echo(new Request('http://localhost/api/v1/items/42'))).text()).toBe('42');
  });

  it('hides internals behind a 500 with a reference id', async () => {
    const res = await echo(new Request('http://localhost/api/v1/boom'));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/hunter2|secret|stack/);
    expect(text).toContain(res.headers.get('x-request-id')!);
  });

  it('answers HttpErrors in the one error shape', async () => {
    const res = await echo(new Request('http://localhost/api/v1/teapot'));
    expect(res.status).toBe(418);
    expect(await res.json()).toEqual({ errors: ['field: message'] });
  });
});

describe('every answer', () => {
  it('carries the security headers and a request id: success, 404, 405, 4xx and 500', async () => {
    const answers = [
      await echo(new Request('http://localhost/api/v1/items/1')),
      await echo(new Request('http://localhost/api/v1/other')),
      await echo(new Request('http://localhost/api/v1/echo')),
      await echo(new Request('http://localhost/api/v1/teapot')),
      await echo(new Request('http://localhost/api/v1/boom')),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 404, 405, 418, 500]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name)).toBe(value);
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
  });
});

describe('work queued for after the answer', () => {
  it('is handed to waitUntil, after the handler, and not awaited by the answer', async () => {
    done.length = 0;
    const handed: Promise<unknown>[] = [];
    const res = await echo(new Request('http://localhost/api/v1/later', { method: 'POST' }), { waitUntil: (p) => void handed.push(p) });
    expect(res.status).toBe(409);
    expect(handed).toHaveLength(1);
    await Promise.all(handed);
    expect(done).toEqual(['handler', 'after']);
  });

  it('runs before the answer when the context has no waitUntil', async () => {
    done.length = 0;
    await echo(new Request('http://localhost/api/v1/later', { method: 'POST' }));
    expect(done).toEqual(['handler', 'after']);
  });

  it('exists only inside a request', () => {
    expect(currentRequest()).toBeUndefined();
  });
});
