/**
 * Zoom's webhook function: every call must be signed over its exact bytes (the URL-validation
 * challenge too), within 5 minutes; the challenge is answered with the HMAC of its token; a
 * meeting's end hands it to the attendance ledger; recordings are kept without secrets; each call
 * is counted as accepted or refused. A deploy without Zoom keys answers 503.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { meetingHost, sandboxSignZoomWebhook } from '../../../netlify/lib/meetings/index.ts';
import { hmacSha256Hex, resetEnvForTests } from '../../../netlify/lib/platform/index.ts';
import { call, testAccount, useTestDatabase } from '../support/harness.ts';

const db = useTestDatabase();
const SANDBOX_SECRET = 'sandbox-zoom-webhook-secret-only-for-local-use';

const post = (raw: string, headers: Record<string, string>, context?: Record<string, unknown>) =>
  call('POST', '/api/v1/zoom/webhook', { rawBody: raw, headers, ...(context ? { context } : {}) });

async function counts(): Promise<{ accepted: number; refused: number }> {
  const [row] = await db.sql<{ accepted: number; refused: number }[]>`
    select coalesce(sum(accepted), 0)::int as accepted, coalesce(sum(refused), 0)::int as refused from webhook_hours where source = 'zoom'`;
  return row!;
}

describe("Zoom's webhook", () => {
  it('answers a signed URL-validation challenge with plainToken and its HMAC-SHA256 (hex)', async () => {
    const raw = JSON.stringify({
      payload: { plainToken: 'qgg8vlvZRS6UYooatFL8Aw' },
      event_ts: Date.now(),
      event: 'endpoint.url_validation',
    });
    const answer = await post(raw, sandboxSignZoomWebhook(raw));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      plainToken: 'qgg8vlvZRS6UYooatFL8Aw',
      encryptedToken: hmacSha256Hex(SANDBOX_SECRET, 'qgg8vlvZRS6UYooatFL8Aw'),
    });
  });

  it('refuses an unsigned call with 401, the challenge too (it would otherwise sign whatever it is sent)', async () => {
    const before = await counts();
    const raw = JSON.stringify({ payload: { plainToken: 'v0:1764322200:{"event":"meeting.ended"}' }, event: 'endpoint.url_validation' });
    const answer = await post(raw, { 'content-type': 'application/json' });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ errors: 'Invalid webhook signature' });
    expect(answer.text).not.toContain('encryptedToken');
    expect(await counts()).toEqual({ accepted: before.accepted, refused: before.refused + 1 });
    const [status] = await db.sql`select last_refusal from webhook_status where source = 'zoom'`;
    expect(status!.last_refusal).toBe('Invalid webhook signature (unsigned)');
  });

  it('refuses a re-serialised body, another secret and a stale timestamp', async () => {
    const raw = '{"event":"meeting.ended","payload":{"object":{"id":81234567890}}}';
    const signed = sandboxSignZoomWebhook(raw);
    expect((await post(JSON.stringify(JSON.parse(raw), null, 2), signed)).status).toBe(401);

    const seconds = Math.floor(Date.now() / 1000);
    const forged = {
      'x-zm-request-timestamp': String(seconds),
      'x-zm-signature': `v0=${hmacSha256Hex('not-the-secret', `v0:${seconds}:${raw}`)}`,
    };
    expect((await post(raw, forged)).status).toBe(401);

    const old = seconds - 6 * 60;
    const stale = { 'x-zm-request-timestamp': String(old), 'x-zm-signature': `v0=${hmacSha256Hex(SANDBOX_SECRET, `v0:${old}:${raw}`)}` };
    expect((await post(raw, stale)).status).toBe(401);
    const [status] = await db.sql`select last_refusal, refused_in_a_row from webhook_status where source = 'zoom'`;
    expect(status).toMatchObject({ last_refusal: 'Invalid webhook signature (stale timestamp)' });
  });

  it("accepts a signed meeting.ended and hands it to the attendance ledger (a meeting that is no class's: nothing to record)", async () => {
    const before = await counts();
    const raw = JSON.stringify({
      event: 'meeting.ended',
      event_ts: Date.now(),
      payload: { account_id: 'A', object: { id: 81234567890, uuid: 'u==', topic: 'Other' } },
    });
    const answer = await post(raw, sandboxSignZoomWebhook(raw));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: 'meeting.ended', attendance: { sessionId: null, learners: 0, unmatched: 0 } });
    expect((await counts()).accepted).toBe(before.accepted + 1);
  });

  it('keeps a recording.completed without the host email or download token, and ignores other events', async () => {
    const raw = JSON.stringify({
      event: 'recording.completed',
      download_token: 'secret-download-token',
      payload: {
        object: {
          id: 81234567891,
          uuid: 'abc==',
          host_email: 'host@example.com',
          topic: 'Week 1',
          start_time: '2026-12-03T13:30:00Z',
          duration: 90,
          share_url: 'https://zoom.us/rec/share/x',
          recording_files: [
            {
              id: 'f1',
              recording_type: 'shared_screen_with_speaker_view',
              file_type: 'MP4',
              file_size: 1000,
              download_url: 'https://zoom.us/rec/download/x?access_token=t',
            },
          ],
        },
      },
    });
    expect((await post(raw, sandboxSignZoomWebhook(raw))).body).toEqual({ received: 'recording.completed' });
    const [kept] = await db.sql`select meeting_id, payload from meeting_recordings`;
    expect(kept!.meeting_id).toBe('81234567891');
    expect(kept!.payload.recording_files[0]).toMatchObject({ id: 'f1', file_type: 'MP4' });
    expect(JSON.stringify(kept!.payload)).not.toMatch(/host@example.com|secret-download-token|access_token|download_url/);

    const other = JSON.stringify({ event: 'meeting.started', payload: { object: { id: 1 } } });
    expect((await post(other, sandboxSignZoomWebhook(other))).body).toEqual({ received: 'meeting.started', ignored: true });
  });

  it("shows Zoom's counts and last refusal on the owners' operations screen", async () => {
    const owner = await testAccount('admin', 'owner', 'zoomops');
    expect((await post('{}', {})).status).toBe(401);
    const screen = await call('GET', '/api/v1/admin/operations', { token: owner.token });
    expect(screen.status).toBe(200);
    const zoom = (screen.body.webhooks as { source: string }[]).find((h) => h.source === 'zoom');
    expect(zoom).toMatchObject({
      source: 'zoom',
      configured: true,
      accepted24h: (await counts()).accepted,
      lastRefusal: expect.stringContaining('Invalid webhook signature'),
    });
  });

  it('refuses a signed body that is not JSON or lacks the meeting id, with 400', async () => {
    const notJson = 'event=meeting.ended';
    expect((await post(notJson, sandboxSignZoomWebhook(notJson))).status).toBe(400);
    const noId = JSON.stringify({ event: 'meeting.ended', payload: { object: {} } });
    expect((await post(noId, sandboxSignZoomWebhook(noId))).body).toEqual({ errors: 'payload.object.id is missing' });
  });

  it("the sandbox's end control sends the signed meeting.ended Zoom would, through the same checks", async () => {
    const { meetingId } = await meetingHost().createMeeting({ topic: 'Week 4', startsAt: new Date(), durationMinutes: 30 });
    const ended = await call('POST', `/api/v1/sandbox/zoom/meetings/${meetingId}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body.received).toBe('meeting.ended');
    const [row] = await db.sql`select status from sandbox_zoom_meetings where id = ${meetingId}`;
    expect(row!.status).toBe('ended');
    expect((await call('POST', '/api/v1/sandbox/zoom/meetings/80000000000/end')).status).toBe(404);
  });
});

describe('a deploy preview without Zoom keys', () => {
  afterAll(() => {
    for (const name of ['JWT_SECRET', 'SITE_URL']) delete process.env[name];
    resetEnvForTests();
  });
  it('answers 503 to the webhook and has no sandbox controls', async () => {
    Object.assign(process.env, {
      JWT_SECRET: 'preview-secret-0123456789abcdefghijklmnop',
      SITE_URL: 'https://deploy-preview-9--aspira.netlify.app',
    });
    resetEnvForTests();
    const context = { deploy: { context: 'deploy-preview' } };
    const raw = JSON.stringify({ event: 'endpoint.url_validation', payload: { plainToken: 'abc' } });
    const answer = await post(raw, {}, context);
    expect(answer.status).toBe(503);
    expect(answer.body.errors).toMatch(/Live classes are not configured.*ZOOM_WEBHOOK_SECRET_TOKEN/);
    expect((await call('POST', '/api/v1/sandbox/zoom/meetings/81234567890/end', { context })).status).toBe(404);
  });
});
