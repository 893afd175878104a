/**
 * GET /api/v1/health for an external uptime monitor: 200 while the database answers and has every
 * migration; 503 (the one error shape, Retry-After) otherwise; nothing about the business in it.
 * And the error tracker: an unhandled error reaches Sentry (when configured) with the request id
 * and nothing personal.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedMigrations, resetEnvForTests, routes } from '../../../netlify/lib/platform/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';

const testDb = useTestDatabase();

describe('GET /api/v1/health', () => {
  it('answers 200 with the checks only: no counts, versions or secrets, never cached', async () => {
    const answer = await call('GET', '/api/v1/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await call('HEAD', '/api/v1/health')).status).toBe(200);
    expect((await call('POST', '/api/v1/health')).status).toBe(405);
  });

  it('answers 503 when the database lacks a migration this build expects', async () => {
    const newest = expectedMigrations().at(-1)!;
    expect(newest).toMatch(/^\d{14}$/);
    await testDb.sql`delete from supabase_migrations.schema_migrations where version = ${newest}`;
    try {
      const answer = await call('GET', '/api/v1/health');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        status: 'unhealthy',
        errors: 'The database is missing migrations',
        checks: { database: 'ok', migrations: 'behind' },
      });
      expect(answer.headers.get('retry-after')).toBe('30');
    } finally {
      await testDb.sql`insert into supabase_migrations.schema_migrations (version, name) values (${newest}, 'restored')`;
    }
  });
});

describe('the error tracker', () => {
  const envelopes: { auth: string | undefined; body: string }[] = [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    envelopes.push({ auth: req.headers['x-sentry-auth'] as string | undefined, body });
    res.writeHead(200).end('{}');
  });
  beforeAll(async () => {
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  });
  afterAll(async () => {
    delete process.env.SENTRY_DSN;
    resetEnvForTests();
    await new Promise((ok) => server.close(ok));
  });

  const failing = routes({
    'GET /api/v1/boom': () => {
      throw new Error('Could not email asha.verma@example.com at +91 98765 43210');
    },
  });
  const waitFor = async (n: number) => {
    for (let i = 0; i < 50 && envelopes.length < n; i++) await new Promise((r) => setTimeout(r, 20));
  };

  it('sends nothing without SENTRY_DSN: the function log has the error', async () => {
    const answer = await failing(new Request('http://localhost:8888/api/v1/boom'), { requestId: 'req-1' });
    expect(answer.status).toBe(500);
    await waitFor(1);
    expect(envelopes).toHaveLength(0);
  });

  it('with a DSN, sends one event after the answer: the request id and route, no address or number', async () => {
    const port = (server.address() as { port: number }).port;
    process.env.SENTRY_DSN = `http://publickey123@127.0.0.1:${port}/42`;
    resetEnvForTests();
    const waited: Promise<unknown>[] = [];
    const answer = await failing(new Request('http://localhost:8888/api/v1/boom'), {
      requestId: 'req-2',
      waitUntil: (p) => void waited.push(p),
    });
    expect(answer.status).toBe(500);
    expect((await answer.json()).errors).toContain('Reference req-2');
    await Promise.all(waited);
    expect(envelopes).toHaveLength(1);
    const [header, item, event] = envelopes[0]!.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(envelopes[0]!.auth).toContain('sentry_key=publickey123');
    expect(header.dsn).toContain('127.0.0.1');
    expect(item).toEqual({ type: 'event' });
    expect(event).toMatchObject({
      level: 'error',
      environment: 'development',
      tags: { requestId: 'req-2', route: '/api/v1/boom', method: 'GET' },
    });
    expect(event.exception.values[0].value).toBe('Could not email [email] at [number]');
    expect(envelopes[0]!.body).not.toMatch(/asha|98765/);
  });
});
