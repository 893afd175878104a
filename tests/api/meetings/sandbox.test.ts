/**
 * The Zoom sandbox answers as Zoom does, with its books in the database: meetings with
 * registration and cloud recording, one registrant (and join link) per email, a join through its
 * meeting page in the report under the registrant id, a report a test can fill, deleted meetings
 * gone. A deploy without Zoom keys fails closed and has no sandbox.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MEETINGS_NOT_CONFIGURED, MeetingHostError, meetingHost, meetingHostName } from '../../../netlify/lib/meetings/index.ts';
import { resetEnvForTests } from '../../../netlify/lib/platform/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';

const db = useTestDatabase();
const PREVIEW = { deploy: { context: 'deploy-preview' } };
const startsAt = new Date('2026-12-03T13:30:00.000Z');

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('the Zoom sandbox', () => {
  it('makes a registration meeting with cloud recording, and one registrant per email', async () => {
    expect(meetingHostName()).toBe('sandbox');
    const { meetingId, hostUrl } = await meetingHost().createMeeting({ topic: 'Week 1: Markets', startsAt, durationMinutes: 90 });
    expect(meetingId).toMatch(/^\d{11}$/);
    expect(new URL(hostUrl).pathname).toBe(`/api/v1/sandbox/zoom/s/${meetingId}`);
    const [row] = await db.sql`select topic, duration, settings from sandbox_zoom_meetings where id = ${meetingId}`;
    expect(row).toMatchObject({ topic: 'Week 1: Markets', duration: 90, settings: { approval_type: 0, auto_recording: 'cloud' } });

    const first = await meetingHost().addRegistrant(meetingId, { email: 'Asha@Example.com', firstName: 'Asha', lastName: 'Rao' });
    const again = await meetingHost().addRegistrant(meetingId, { email: 'asha@example.com', firstName: 'Asha', lastName: 'Rao' });
    expect(again).toEqual(first);
    const other = await meetingHost().addRegistrant(meetingId, { email: 'ravi@example.com', firstName: 'Ravi', lastName: '' });
    expect(other.registrantId).not.toBe(first.registrantId);
    expect(other.joinUrl).not.toBe(first.joinUrl);
  });

  it("records a join through its meeting page under the link's registrant id, whatever name is typed", async () => {
    const { meetingId } = await meetingHost().createMeeting({ topic: 'Week 2: Ledgers', startsAt, durationMinutes: 60 });
    const asha = await meetingHost().addRegistrant(meetingId, { email: 'asha@example.com', firstName: 'Asha', lastName: 'Rao' });

    const page = await call('GET', pathOf(asha.joinUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<h1>You joined Week 2: Ledgers (sandbox meeting)</h1>');
    expect(page.text).toContain('<html lang="en">');

    const forged = await call('GET', `/api/v1/sandbox/zoom/j/${meetingId}?tk=not-a-token`);
    expect(forged.status).toBe(404);
    expect(forged.text).toContain('This join link is not valid');

    // Someone joins without a link and types Asha's name: the report keeps them apart.
    const filled = await call('POST', `/api/v1/sandbox/zoom/meetings/${meetingId}/participants`, {
      body: { name: 'Asha Rao', joinedAt: '2026-12-03T13:35:00Z', leftAt: '2026-12-03T14:00:00Z' },
    });
    expect(filled.status).toBe(201);
    const refused = await call('POST', `/api/v1/sandbox/zoom/meetings/${meetingId}/participants`, {
      body: { name: 'Late', joinedAt: '2026-12-03T14:00:00Z', leftAt: '2026-12-03T13:00:00Z' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.errors)).toContain('leftAt must not be before joinedAt');

    const report = await meetingHost().participantReport(meetingId);
    expect(report.map((p) => [p.registrantId, p.email, p.name])).toEqual([
      [asha.registrantId, 'asha@example.com', 'Asha Rao'],
      [null, null, 'Asha Rao'],
    ]);
    // The join stays until the scheduled end (or the moment of joining, if later).
    expect(report[0]!.leftAt.getTime()).toBeGreaterThanOrEqual(startsAt.getTime() + 60 * 60_000);

    const listed = await call('GET', `/api/v1/sandbox/zoom/meetings?id=${meetingId}`);
    expect(listed.body.meetings[0].participants).toHaveLength(2);
    expect(listed.body.meetings[0].registrants).toEqual([expect.objectContaining({ id: asha.registrantId, email: 'asha@example.com' })]);
  });

  it('moves and deletes meetings as Zoom does: a deleted meeting has no report and takes no registrant', async () => {
    const { meetingId } = await meetingHost().createMeeting({ topic: 'Week 3', startsAt, durationMinutes: 60 });
    await meetingHost().updateMeeting(meetingId, { topic: 'Week 3 (moved)', startsAt: new Date('2026-12-04T13:30:00Z') });
    const [moved] = await db.sql`select topic, start_time, duration from sandbox_zoom_meetings where id = ${meetingId}`;
    expect(moved).toMatchObject({ topic: 'Week 3 (moved)', duration: 60 });
    expect(new Date(moved!.start_time).toISOString()).toBe('2026-12-04T13:30:00.000Z');

    await meetingHost().deleteMeeting(meetingId);
    await meetingHost().deleteMeeting(meetingId); // already gone: not an error
    await expect(meetingHost().participantReport(meetingId)).rejects.toMatchObject({ kind: 'not-found', code: 3001 });
    const refusal = await meetingHost()
      .addRegistrant(meetingId, { email: 'x@example.com', firstName: 'X', lastName: '' })
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(MeetingHostError);
    expect((await call('GET', `/api/v1/sandbox/zoom/s/${meetingId}`)).status).toBe(404);
  });
});

describe('a deploy preview without Zoom keys', () => {
  afterAll(() => {
    for (const name of ['JWT_SECRET', 'SITE_URL', 'ZOOM_ACCOUNT_ID', 'ZOOM_CLIENT_ID', 'ZOOM_CLIENT_SECRET', 'ZOOM_WEBHOOK_SECRET_TOKEN']) {
      delete process.env[name];
    }
    resetEnvForTests();
  });

  it('has no meeting host (503 with what to set) and no sandbox pages; with keys it uses Zoom', async () => {
    Object.assign(process.env, {
      JWT_SECRET: 'preview-secret-0123456789abcdefghijklmnop',
      SITE_URL: 'https://deploy-preview-9--aspira.netlify.app',
    });
    resetEnvForTests();
    const sandboxPage = await call('GET', '/api/v1/sandbox/zoom/j/81234567890?tk=abc', { context: PREVIEW });
    expect(sandboxPage.status).toBe(404);
    expect((await call('GET', '/api/v1/sandbox/zoom/meetings', { context: PREVIEW })).status).toBe(404);
    expect(meetingHostName()).toBeNull();
    expect(() => meetingHost()).toThrow(MEETINGS_NOT_CONFIGURED);

    Object.assign(process.env, {
      ZOOM_ACCOUNT_ID: 'acct',
      ZOOM_CLIENT_ID: 'client',
      ZOOM_CLIENT_SECRET: 'secret',
      ZOOM_WEBHOOK_SECRET_TOKEN: 'webhook-secret',
    });
    resetEnvForTests();
    expect(meetingHostName()).toBe('zoom');
    expect((await call('GET', '/api/v1/sandbox/zoom/meetings', { context: PREVIEW })).status).toBe(404);
  });
});
