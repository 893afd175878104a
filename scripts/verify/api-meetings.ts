/**
 * Live classes on the served site (Netlify's CLI and the built functions, Zoom's sandbox): an
 * owner makes a batch and a live class, whose meeting the classes function creates through the
 * meeting host; the enrolled learner's Join gives their own sandbox link, whose page records the
 * join; then Zoom's webhook, signed as Zoom signs it: the URL-validation challenge answered, an
 * unsigned or re-serialised call refused, and meeting.ended turning the report into minutes.
 */
import { createHmac } from 'node:crypto';
import type { ApiClient, ApiContext } from './api-client.ts';

/** The local sandbox's webhook secret token (the site runs with APP_ENV=development and no Zoom keys). */
const SECRET = 'sandbox-zoom-webhook-secret-only-for-local-use';

const hmac = (data: string) => createHmac('sha256', SECRET).update(data, 'utf8').digest('hex');
const signed = (raw: string, seconds = Math.floor(Date.now() / 1000)) => ({
  'content-type': 'application/json',
  'x-zm-request-timestamp': String(seconds),
  'x-zm-signature': `v0=${hmac(`v0:${seconds}:${raw}`)}`,
});

export async function checkMeetingsApi(api: ApiClient, ctx: ApiContext, learner: { token: string; email: string }): Promise<void> {
  const { call, good, bad, report, sql } = api;
  const stamp = Date.now();
  const owner = { firstName: 'Meera', lastName: 'Iyer', email: `owner.${stamp}@aspira.example`, password: 'copper meadow signal 58' };
  await call('POST', '/api/v1/admin/signup', { body: { ...owner, inviteCode: ctx.inviteCode } });
  await sql`update accounts set admin_role = 'owner', email_verified_at = now() where email = ${owner.email}`;
  const login = await call('POST', '/api/v1/admin/login', { body: { email: owner.email, password: owner.password } });
  const token = login.body?.token as string;

  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 150 * 86_400_000).toISOString().slice(0, 10);
  const batch = await good(
    'POST /admin/batches (a programme batch)',
    201,
    'id',
    await call('POST', '/api/v1/admin/batches', {
      body: { name: `Verify batch ${stamp}`, programme: 'aviation', startsOn: today, endsOn: end, capacity: 5 },
      token,
    }),
  );
  const batchId = batch.body?.id as string;
  await good(
    'POST /admin/batches/:id/enrol',
    201,
    'accountId',
    await call('POST', `/api/v1/admin/batches/${batchId}/enrol`, { body: { email: learner.email }, token }),
  );
  const startsAt = new Date(Date.now() + 5 * 60_000).toISOString();
  const session = await good(
    'POST /admin/batches/:id/sessions (a live class: the meeting is made)',
    201,
    'id',
    await call('POST', `/api/v1/admin/batches/${batchId}/sessions`, {
      body: { kind: 'live', title: 'Verify live class', startsAt, durationMinutes: 60 },
      token,
    }),
  );
  const [made] = await sql<{ meeting_id: string | null }[]>`select meeting_id from class_sessions where id = ${session.body?.id ?? 0}`;
  const meetingId = made?.meeting_id ?? '';
  const listed = await call('GET', `/api/v1/sandbox/zoom/meetings?id=${meetingId}`);
  const meeting = listed.body?.meetings?.[0];
  report.add(
    'the live class has a sandbox meeting with registration and cloud recording',
    'cloud, approval 0',
    meeting ? `${meeting.settings?.auto_recording}, approval ${meeting.settings?.approval_type}` : `no meeting (${listed.status})`,
  );

  const join = await good(
    'GET /learn/sessions/:id/join (inside the window: own link)',
    200,
    'url',
    await call('GET', `/api/v1/learn/sessions/${session.body?.id}/join`, { token: learner.token }),
  );
  const link = new URL((join.body?.url as string | undefined) ?? `${ctx.base}/missing`);
  const page = await call('GET', `${link.pathname}${link.search}`);
  report.add(
    'the join link opens the sandbox meeting page',
    '200 You joined',
    `${page.status} ${/You joined/.test(page.text) ? 'You joined' : page.text.slice(0, 60)}`,
  );

  // Zoom's webhook through Netlify's CLI.
  const challenge = JSON.stringify({ payload: { plainToken: `verify${stamp}` }, event_ts: stamp, event: 'endpoint.url_validation' });
  const hook = (raw: string, headers: Record<string, string>) => call('POST', '/api/v1/zoom/webhook', { raw, headers });
  const answered = await good(
    'POST /zoom/webhook (URL validation, signed)',
    200,
    'encryptedToken',
    await hook(challenge, signed(challenge)),
  );
  report.add(
    'the challenge is answered with HMAC-SHA256 of plainToken',
    hmac(`verify${stamp}`).slice(0, 16),
    String(answered.body?.encryptedToken).slice(0, 16),
  );
  await bad('POST /zoom/webhook (unsigned challenge)', 401, await hook(challenge, { 'content-type': 'application/json' }));
  const ended = JSON.stringify({
    event: 'meeting.ended',
    event_ts: Date.now(),
    payload: { account_id: 'SANDBOX', object: { id: Number(meetingId), topic: 'Verify live class' } },
  });
  await bad('POST /zoom/webhook (re-serialised body)', 401, await hook(JSON.stringify(JSON.parse(ended), null, 2), signed(ended)));
  const old = Math.floor(Date.now() / 1000) - 600;
  await bad('POST /zoom/webhook (10-minute-old timestamp)', 401, await hook(ended, signed(ended, old)));
  const result = await good('POST /zoom/webhook (meeting.ended, signed)', 200, 'attendance', await hook(ended, signed(ended)));
  report.add('meeting.ended matched the learner by registrant id', '1 learner', `${result.body?.attendance?.learners ?? '?'} learner`);
  const [entry] = await sql<{ minutes: number }[]>`
    select e.minutes from attendance_entries e join accounts a on a.id = e.account_id
    where e.session_id = ${session.body?.id ?? 0} and a.email = ${learner.email} and e.source = 'online'`;
  report.add(
    'the join became minutes online in the ledger',
    '> 0 minutes',
    entry ? `${entry.minutes > 0 ? '> 0' : entry.minutes} minutes` : 'no entry',
  );

  // Leave no open batch behind for the journeys that follow.
  await call('PATCH', `/api/v1/admin/batches/${batchId}`, { body: { status: 'finished' }, token });
}
