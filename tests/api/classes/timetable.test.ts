/**
 * The timetable and its calendar feed: sessions made, edited and cancelled by owners and the
 * batch's faculty (never by others), the batch emailed of a change, and the learner's .ics feed,
 * read by a standard parser, that follows each change and dies when reset.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { call, count, testAccount, useTestDatabase } from '../support/harness.ts';
import { addSession, facultyAccount, makeBatch, minutesFromNow, ownerAccount, seatedLearner } from './kit.ts';

const db = useTestDatabase();

type Event = { uid: string; summary: string; start: string; location: string | null; status: string | null; sequence: number };

function events(ics: string): Event[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      location: e.location || null,
      status: (v.getFirstPropertyValue('status') as string | null) ?? null,
      sequence: e.sequence,
    };
  });
}

const feedPath = (url: string) => new URL(url).pathname;

describe('timetable', () => {
  it('the .ics feed parses, lists the sessions, follows an edit and a cancellation, and dies when reset', async () => {
    const owner = await ownerAccount();
    const batchId = await makeBatch(db);
    const learner = await seatedLearner(db, batchId);
    const live = await addSession(owner.token, batchId, { title: 'Analytics 101', startsAt: '2030-01-10T13:00:00Z' });
    const room = await addSession(owner.token, batchId, {
      kind: 'classroom',
      title: 'Campaign lab',
      startsAt: '2030-01-12T04:30:00Z',
      venue: 'Room 4',
    });
    await addSession(owner.token, batchId, { kind: 'deadline', title: 'Project brief', startsAt: '2030-01-15T18:29:00Z' });
    // Another batch's session is not in this learner's feed.
    await addSession(owner.token, await makeBatch(db, [], 'Other'), { title: 'Not mine', startsAt: '2030-01-11T13:00:00Z' });

    expect((await call('GET', '/api/v1/learn', { token: learner.token })).body.calendarUrl).toBeNull();
    const made = await call('POST', '/api/v1/learn/calendar/reset', { token: learner.token });
    expect(made.status, made.text).toBe(200);
    expect(made.body.calendarUrl).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // /learn shows the same address again (only its hash is stored).
    expect((await call('GET', '/api/v1/learn', { token: learner.token })).body.calendarUrl).toBe(made.body.calendarUrl);
    const [stored] = await db.sql<{ token_hash: string }[]>`select token_hash from calendar_feeds where account_id = ${learner.id}`;
    expect(made.body.calendarUrl).not.toContain(stored!.token_hash);

    const feed = await call('GET', feedPath(made.body.calendarUrl));
    expect(feed.status, feed.text).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.text).toContain('X-WR-TIMEZONE:Asia/Kolkata');
    const first = events(feed.text);
    expect(first.map((e) => [e.summary, e.start, e.location])).toEqual([
      ['Analytics 101', '2030-01-10T13:00:00.000Z', 'Online'],
      ['Campaign lab', '2030-01-12T04:30:00.000Z', 'Room 4'],
      ['Due: Project brief', '2030-01-15T18:29:00.000Z', null],
    ]);

    // An edit moves the event (same UID, a later sequence) and emails the batch.
    await db.sql`update class_sessions set created_at = created_at - interval '1 minute' where id = ${live}`;
    const moved = await call('PATCH', `/api/v1/admin/sessions/${live}`, {
      token: owner.token,
      body: { title: 'Analytics 101 (moved)', startsAt: '2030-01-10T14:30:00+05:30' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.session).toMatchObject({ title: 'Analytics 101 (moved)', startsAt: '2030-01-10T09:00:00.000Z' });
    const second = events((await call('GET', feedPath(made.body.calendarUrl))).text);
    const edited = second.find((e) => e.uid === first[0]!.uid)!;
    expect(edited).toMatchObject({ summary: 'Analytics 101 (moved)', start: '2030-01-10T09:00:00.000Z' });
    expect(edited.sequence).toBeGreaterThan(first[0]!.sequence);
    const [changed] = await db.sql<{ subject: string; text_body: string }[]>`
      select subject, text_body from email_outbox where to_address = ${learner.email} and tag = 'class-session-changed'`;
    expect(changed!.subject).toMatch(/^Timetable change: Analytics 101 \(moved\), 10 January 2030 at 2:30 pm IST$/);
    expect(changed!.text_body).toContain('has moved: it was on 10 January 2030 at 6:30 pm IST');

    // A cancellation: marked cancelled in the feed, gone from /learn, emailed.
    expect((await call('DELETE', `/api/v1/admin/sessions/${room}`, { token: owner.token })).status).toBe(200);
    const third = events((await call('GET', feedPath(made.body.calendarUrl))).text);
    expect(third.find((e) => e.summary === 'Campaign lab')!.status).toBe('CANCELLED');
    const learn = await call('GET', '/api/v1/learn', { token: learner.token });
    expect(learn.body.batches[0].sessions.map((s: { title: string }) => s.title)).toEqual(['Analytics 101 (moved)', 'Project brief']);
    expect(await count(db, `email_outbox where to_address = '${learner.email}' and tag = 'class-session-cancelled'`)).toBe(1);
    expect((await call('DELETE', `/api/v1/admin/sessions/${room}`, { token: owner.token })).status).toBe(409);

    // Reset: the old address answers 404, the new one works.
    const reset = await call('POST', '/api/v1/learn/calendar/reset', { token: learner.token });
    expect(reset.body.calendarUrl).not.toBe(made.body.calendarUrl);
    expect((await call('GET', feedPath(made.body.calendarUrl))).status).toBe(404);
    expect((await call('GET', feedPath(reset.body.calendarUrl))).status).toBe(200);
    expect((await call('GET', '/api/v1/calendar/not-a-token.ics')).status).toBe(404);
  });

  it('checks what a session is: a venue for a class in a room, a real time, at least 15 minutes', async () => {
    const owner = await ownerAccount();
    const batchId = await makeBatch(db);
    const post = (body: Record<string, unknown>) => call('POST', `/api/v1/admin/batches/${batchId}/sessions`, { token: owner.token, body });
    const noVenue = await post({ kind: 'classroom', title: 'Lab', startsAt: minutesFromNow(60), durationMinutes: 60 });
    expect(noVenue.status).toBe(400);
    expect(noVenue.body.errors).toEqual(['venue: Enter the venue of an in-class session']);
    const badTime = await post({ kind: 'live', title: 'Talk', startsAt: 'tomorrow 6pm', durationMinutes: 60 });
    expect(badTime.status).toBe(400);
    expect(badTime.body.errors[0]).toMatch(/^startsAt: Give the start as a date and time/);
    expect((await post({ kind: 'live', title: 'Talk', startsAt: minutesFromNow(60), durationMinutes: 5 })).status).toBe(400);
    const stranger = await facultyAccount();
    expect((await post({ kind: 'live', title: 'Talk', startsAt: minutesFromNow(60), facultyId: stranger.id })).body.errors).toEqual([
      "facultyId: Choose one of the batch's faculty",
    ]);
    expect(await count(db, `class_sessions where batch_id = '${batchId}'`)).toBe(0);
  });

  it("faculty run only their batches' timetables; counsellors none", async () => {
    const faculty = await facultyAccount();
    const stranger = await facultyAccount();
    const counsellor = await testAccount('admin', 'counsellor', 'classes');
    const batchId = await makeBatch(db, [faculty.id]);
    await makeBatch(db, [stranger.id], 'Theirs');
    const sessionId = await addSession(faculty.token, batchId, { startsAt: minutesFromNow(24 * 60) });
    const [row] = await db.sql<{ faculty_id: string }[]>`select faculty_id from class_sessions where id = ${sessionId}`;
    expect(row!.faculty_id).toBe(faculty.id);

    for (const token of [stranger.token, counsellor.token]) {
      expect((await call('GET', `/api/v1/admin/batches/${batchId}/sessions`, { token })).status).toBe(403);
      const body = { kind: 'live', title: 'Mine now', startsAt: minutesFromNow(60) };
      expect((await call('POST', `/api/v1/admin/batches/${batchId}/sessions`, { token, body })).status).toBe(403);
      expect((await call('PATCH', `/api/v1/admin/sessions/${sessionId}`, { token, body: { title: 'Changed' } })).status).toBe(403);
      expect((await call('DELETE', `/api/v1/admin/sessions/${sessionId}`, { token })).status).toBe(403);
    }
    const listed = await call('GET', `/api/v1/admin/batches/${batchId}/sessions`, { token: faculty.token });
    expect(listed.body.sessions.map((s: { title: string; cancelledAt: string | null }) => [s.title, s.cancelledAt])).toEqual([
      [expect.stringMatching(/^Session at /), null],
    ]);
    expect(listed.body.sessions[0].hostUrl).toMatch(/^https?:\/\//);
  });
});
