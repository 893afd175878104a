/**
 * A live class end to end against the Zoom sandbox: the owner's new live session makes a meeting;
 * the learner's Join gives their own link (registered on the spot); opening it records the join;
 * someone else joining without a link under the learner's name counts for nobody; the sandbox ends
 * the meeting with Zoom's signed meeting.ended, and the report becomes minutes in the ledger.
 */
import { describe, expect, it } from 'vitest';
import { MeetingHostError, sandboxSignZoomWebhook, useMeetingHostForTests, type MeetingHost } from '../../../netlify/lib/meetings/index.ts';
import { call, testAccount, useTestDatabase } from '../support/harness.ts';

const db = useTestDatabase();

describe('a live class through the Zoom sandbox', () => {
  it("turns the learner's join through their own link into minutes online, and no one else's", async () => {
    const owner = await testAccount('admin', 'owner', 'meet');
    const learner = await testAccount('user', undefined, 'meet');
    const today = new Date().toISOString().slice(0, 10);
    const end = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    const batch = await call('POST', '/api/v1/admin/batches', {
      token: owner.token,
      body: { name: 'Aviation live', programme: 'aviation', startsOn: today, endsOn: end, capacity: 5 },
    });
    expect(batch.status).toBe(201);
    const enrolled = await call('POST', `/api/v1/admin/batches/${batch.body.id}/enrol`, {
      token: owner.token,
      body: { email: learner.email },
    });
    expect(enrolled.status).toBe(201);

    const startsAt = new Date(Date.now() + 5 * 60_000);
    const session = await call('POST', `/api/v1/admin/batches/${batch.body.id}/sessions`, {
      token: owner.token,
      body: { kind: 'live', title: 'Week 1: Airports', startsAt: startsAt.toISOString(), durationMinutes: 60 },
    });
    expect(session.status).toBe(201);
    const [row] = await db.sql<{ meeting_id: string }[]>`select meeting_id from class_sessions where id = ${session.body.id}`;
    const meetingId = row!.meeting_id;
    const listed = await call('GET', `/api/v1/sandbox/zoom/meetings?id=${meetingId}`);
    expect(listed.body.meetings[0]).toMatchObject({
      topic: 'Aviation live: Week 1: Airports',
      duration: 60,
      settings: { auto_recording: 'cloud' },
    });

    const join = await call('GET', `/api/v1/learn/sessions/${session.body.id}/join`, { token: learner.token });
    expect(join.status).toBe(200);
    const link = new URL(join.body.url);
    const page = await call('GET', `${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('You joined Aviation live: Week 1: Airports (sandbox meeting)');

    // A stranger types the learner's name without a link of theirs.
    await call('POST', `/api/v1/sandbox/zoom/meetings/${meetingId}/participants`, {
      body: { name: 'Asha Rao', joinedAt: startsAt.toISOString(), leftAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString() },
    });

    const ended = await call('POST', `/api/v1/sandbox/zoom/meetings/${meetingId}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body.attendance).toMatchObject({ learners: 1, unmatched: 1 });
    const entries = await db.sql<{ account_id: string; minutes: number; present: boolean }[]>`
      select account_id, minutes, present from attendance_entries where session_id = ${session.body.id} and source = 'online'`;
    expect(entries).toHaveLength(1);
    expect(entries[0]!.account_id).toBe(learner.id);
    expect(entries[0]!.minutes).toBeGreaterThanOrEqual(60);

    // Zoom may send the same event again: the ledger stays as it is.
    const again = await call('POST', `/api/v1/sandbox/zoom/meetings/${meetingId}/end`);
    expect(again.status).toBe(200);
    expect(await db.sql`select 1 from attendance_entries where session_id = ${session.body.id}`).toHaveLength(1);
  });

  it("answers 503 while Zoom's report is not ready, so Zoom sends meeting.ended again, and records it then", async () => {
    let ready = false;
    const fake: MeetingHost = {
      createMeeting: async () => ({ meetingId: '86000000001', hostUrl: 'https://zoom.example/s/86000000001' }),
      updateMeeting: async () => {},
      deleteMeeting: async () => {},
      addRegistrant: async () => ({ registrantId: 'reg-1', joinUrl: 'https://zoom.example/w/86000000001?tk=1' }),
      participantReport: async () => {
        if (!ready) throw new MeetingHostError('not-ready', 'Zoom has no report for this meeting yet (code 3001)', 3001);
        return [];
      },
    };
    useMeetingHostForTests(fake);
    try {
      const owner = await testAccount('admin', 'owner', 'retry');
      const today = new Date().toISOString().slice(0, 10);
      const batch = await call('POST', '/api/v1/admin/batches', {
        token: owner.token,
        body: { name: 'Retry batch', programme: 'aviation', startsOn: today, endsOn: today, capacity: 5 },
      });
      const session = await call('POST', `/api/v1/admin/batches/${batch.body.id}/sessions`, {
        token: owner.token,
        body: { kind: 'live', title: 'Retry class', startsAt: new Date().toISOString(), durationMinutes: 30 },
      });
      expect(session.status).toBe(201);
      const raw = JSON.stringify({ event: 'meeting.ended', payload: { object: { id: 86000000001 } } });
      const early = await call('POST', '/api/v1/zoom/webhook', { rawBody: raw, headers: sandboxSignZoomWebhook(raw) });
      expect(early.status).toBe(503);
      expect(early.body).toEqual({ errors: 'The meeting report is not ready yet' });
      ready = true;
      const later = await call('POST', '/api/v1/zoom/webhook', { rawBody: raw, headers: sandboxSignZoomWebhook(raw) });
      expect(later.status).toBe(200);
      expect(later.body.attendance).toMatchObject({ sessionId: session.body.id, learners: 0 });
    } finally {
      useMeetingHostForTests(undefined);
    }
  });
});
