/** The Zoom adapter against a local stand-in for Zoom's OAuth and REST servers: the requests Zoom documents, and its errors in the port's terms. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MeetingHostError } from '../../netlify/lib/meetings/types.ts';
import { zoomHost } from '../../netlify/lib/meetings/zoom.ts';

type Seen = { method: string; path: string; query: URLSearchParams; authorization: string; body: unknown };
type Answer = { status: number; body?: unknown; html?: string };

let server: Server;
let base = '';
let seen: Seen[] = [];
let answers: ((req: Seen) => Answer | undefined)[] = [];
let tokensGiven = 0;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const entry: Seen = {
      method: req.method!,
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization ?? '',
      body: await readBody(req),
    };
    seen.push(entry);
    let answer: Answer | undefined;
    for (const rule of answers) answer ??= rule(entry);
    if (!answer && entry.path === '/oauth/token') {
      tokensGiven += 1;
      answer = {
        status: 200,
        body: { access_token: `token-${tokensGiven}`, token_type: 'bearer', expires_in: 3599, scope: 'meeting:write:meeting:admin' },
      };
    }
    answer ??= { status: 500, body: { code: 0, message: `nothing scripted for ${entry.method} ${entry.path}` } };
    if (answer.html !== undefined) {
      res.writeHead(answer.status, { 'content-type': 'text/html' });
      res.end(answer.html);
      return;
    }
    res.writeHead(answer.status, answer.body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answers = [];
  tokensGiven = 0;
});

let clock = Date.UTC(2026, 11, 3, 8, 0);
const host = () =>
  zoomHost({
    accountId: 'acct-123',
    clientId: 'client-id',
    clientSecret: 'client-secret',
    webhookSecret: 'whsec',
    apiBase: `${base}/v2`,
    oauthBase: base,
    now: () => clock,
  });
const api = () => seen.filter((s) => s.path !== '/oauth/token');

describe('the Zoom adapter', () => {
  it("asks for an account-credentials token with the app's client id and secret, and creates a registration meeting with cloud recording", async () => {
    answers.push((r) =>
      r.method === 'POST' && r.path === '/v2/users/me/meetings'
        ? {
            status: 201,
            body: { id: 85012345678, start_url: 'https://zoom.us/s/85012345678?zak=secret', join_url: 'https://zoom.us/j/85012345678' },
          }
        : undefined,
    );
    const created = await host().createMeeting({
      topic: 'Week 1: Markets',
      startsAt: new Date('2026-12-03T13:30:00.000Z'),
      durationMinutes: 90,
    });
    expect(created).toEqual({ meetingId: '85012345678', hostUrl: `${base}/s/85012345678` });

    const [token, create] = seen;
    expect(token!.method).toBe('POST');
    expect(token!.path).toBe('/oauth/token');
    expect(Object.fromEntries(token!.query)).toEqual({ grant_type: 'account_credentials', account_id: 'acct-123' });
    expect(token!.authorization).toBe(`Basic ${Buffer.from('client-id:client-secret').toString('base64')}`);

    expect(create!.authorization).toBe('Bearer token-1');
    expect(create!.body).toEqual({
      topic: 'Week 1: Markets',
      start_time: '2026-12-03T13:30:00Z',
      duration: 90,
      type: 2,
      timezone: 'UTC',
      settings: expect.objectContaining({ approval_type: 0, registration_type: 1, auto_recording: 'cloud' }),
    });
  });

  it('keeps the token for its hour and asks for a new one shortly before it lapses', async () => {
    answers.push((r) => (r.method === 'PATCH' ? { status: 204 } : undefined));
    const zoom = host();
    await zoom.updateMeeting('85012345678', { topic: 'Moved' });
    clock += 30 * 60_000;
    await zoom.updateMeeting('85012345678', { durationMinutes: 60 });
    expect(tokensGiven).toBe(1);
    clock += 26 * 60_000; // 56 minutes after the first token
    await zoom.updateMeeting('85012345678', { startsAt: new Date('2026-12-04T13:30:00.000Z') });
    expect(tokensGiven).toBe(2);
    expect(api().map((r) => [r.method, r.path, r.authorization, r.body])).toEqual([
      ['PATCH', '/v2/meetings/85012345678', 'Bearer token-1', { topic: 'Moved' }],
      ['PATCH', '/v2/meetings/85012345678', 'Bearer token-1', { duration: 60 }],
      ['PATCH', '/v2/meetings/85012345678', 'Bearer token-2', { start_time: '2026-12-04T13:30:00Z' }],
    ]);
  });

  it('replaces a token Zoom calls invalid once, then answers', async () => {
    let refused = false;
    answers.push((r) => {
      if (r.method !== 'DELETE') return undefined;
      if (!refused) {
        refused = true;
        return { status: 401, body: { code: 124, message: 'Invalid access token.' } };
      }
      return { status: 204 };
    });
    await host().deleteMeeting('85012345678');
    expect(api().map((r) => r.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('deleting a meeting Zoom no longer has is not an error', async () => {
    answers.push((r) =>
      r.method === 'DELETE' ? { status: 404, body: { code: 3001, message: 'Meeting does not exist: 85012345678.' } } : undefined,
    );
    await expect(host().deleteMeeting('85012345678')).resolves.toBeUndefined();
  });

  it('registers a learner and answers their registrant id and own join link', async () => {
    answers.push((r) =>
      r.path === '/v2/meetings/85012345678/registrants'
        ? { status: 201, body: { id: 85012345678, registrant_id: 'reg-abc', join_url: 'https://zoom.us/w/85012345678?tk=abc' } }
        : undefined,
    );
    const added = await host().addRegistrant('85012345678', { email: 'asha@example.com', firstName: 'Asha', lastName: 'Rao' });
    expect(added).toEqual({ registrantId: 'reg-abc', joinUrl: 'https://zoom.us/w/85012345678?tk=abc' });
    expect(api()[0]!.body).toEqual({ email: 'asha@example.com', first_name: 'Asha', last_name: 'Rao' });
  });

  it('reads every page of the participant report by next_page_token', async () => {
    answers.push((r) => {
      if (r.path !== '/v2/report/meetings/85012345678/participants') return undefined;
      const row = (n: number, registrant: string) => ({
        id: `u${n}`,
        name: `Person ${n}`,
        user_email: `p${n}@example.com`,
        registrant_id: registrant,
        join_time: '2026-12-03T13:30:00Z',
        leave_time: '2026-12-03T14:30:00Z',
        duration: 3600,
      });
      return r.query.get('next_page_token') === 'page-2'
        ? { status: 200, body: { page_size: 300, total_records: 3, next_page_token: '', participants: [row(3, '')] } }
        : {
            status: 200,
            body: { page_size: 300, total_records: 3, next_page_token: 'page-2', participants: [row(1, 'reg-1'), row(2, 'reg-2')] },
          };
    });
    const rows = await host().participantReport('85012345678');
    expect(rows.map((p) => [p.registrantId, p.email, p.name])).toEqual([
      ['reg-1', 'p1@example.com', 'Person 1'],
      ['reg-2', 'p2@example.com', 'Person 2'],
      [null, 'p3@example.com', 'Person 3'],
    ]);
    expect(rows[0]!.joinedAt.toISOString()).toBe('2026-12-03T13:30:00.000Z');
    expect(rows[0]!.leftAt.toISOString()).toBe('2026-12-03T14:30:00.000Z');
    expect(api().map((r) => Object.fromEntries(r.query))).toEqual([{ page_size: '300' }, { page_size: '300', next_page_token: 'page-2' }]);
  });

  it("turns Zoom's errors into clear messages of the port's kinds", async () => {
    const failWith = (status: number, body: unknown) => {
      answers = [(r) => (r.path.startsWith('/v2/') ? { status, body } : undefined)];
      return host()
        .participantReport('85012345678')
        .then(
          () => null,
          (error: unknown) => error as MeetingHostError,
        );
    };
    const scope = await failWith(400, {
      code: 4711,
      message: 'Invalid access token, does not contain scopes:[report:read:list_meeting_participants:admin].',
    });
    expect(scope).toBeInstanceOf(MeetingHostError);
    expect(scope).toMatchObject({ kind: 'request', code: 4711, message: expect.stringContaining('lacks a scope') });
    expect(await failWith(404, { code: 3001, message: 'Meeting does not exist: 85012345678.' })).toMatchObject({
      kind: 'not-found',
      code: 3001,
    });
    expect(await failWith(429, { code: 429, message: 'You have reached the maximum per-second rate limit.' })).toMatchObject({
      kind: 'temporary',
    });
    expect(await failWith(502, {})).toMatchObject({ kind: 'temporary' });
    answers = [(r) => (r.path.startsWith('/v2/') ? { status: 502, html: '<html><body>Bad gateway</body></html>' } : undefined)];
    await expect(host().participantReport('85012345678')).rejects.toMatchObject({
      kind: 'temporary',
      message: expect.stringContaining('HTTP 502'),
    });
  });

  it("names the app's credentials when Zoom refuses them", async () => {
    answers.push((r) =>
      r.path === '/oauth/token'
        ? { status: 400, body: { reason: 'Invalid client_id or client_secret', error: 'invalid_client' } }
        : undefined,
    );
    await expect(host().deleteMeeting('1')).rejects.toThrow(/Invalid client_id or client_secret.*ZOOM_CLIENT_ID/);
  });
});
