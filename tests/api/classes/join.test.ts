/**
 * The Join button of a live class (docs/product.md, Timetable and attendance): a link from 15
 * minutes before the start to the end, only for the batch's learners, with a registrant made on
 * the spot for a learner who enrolled after the meeting was made.
 */
import { describe, expect, it } from 'vitest';
import { MeetingHostError, useMeetingHostForTests } from '../../../netlify/lib/meetings/index.ts';
import { call, count, signupVerifiedLearner, useTestDatabase } from '../support/harness.ts';
import { addSession, join, makeBatch, minutesFromNow, ownerAccount, seat, seatedLearner } from './kit.ts';

const db = useTestDatabase();

describe('Join window', () => {
  it('before the window: 409 with the time in IST; inside: the learner’s own link; after the end: 409', async () => {
    const owner = await ownerAccount();
    const batchId = await makeBatch(db);
    const learner = await seatedLearner(db, batchId);

    const later = await addSession(owner.token, batchId, { startsAt: minutesFromNow(30) });
    const early = await join(learner.token, later);
    expect(early.status).toBe(409);
    const opens = new Date(Date.now() + 15 * 60_000);
    const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' })
      .format(opens)
      .toLowerCase();
    expect(early.body.errors).toMatch(/^Join opens at \d{1,2}:\d{2} [ap]m IST/);
    expect(early.body.errors).toContain(time);

    const soon = await addSession(owner.token, batchId, { startsAt: minutesFromNow(10) });
    const inside = await join(learner.token, soon);
    expect(inside.status, inside.text).toBe(200);
    expect(inside.body.url).toMatch(/^https?:\/\//);
    // The same link again (one registrant per learner and class).
    expect((await join(learner.token, soon)).body.url).toBe(inside.body.url);
    expect(await count(db, `class_registrants where session_id = ${soon}`)).toBe(1);

    const started = await addSession(owner.token, batchId, { startsAt: minutesFromNow(-50), durationMinutes: 60 });
    expect((await join(learner.token, started)).status).toBe(200);

    const ended = await addSession(owner.token, batchId, { startsAt: minutesFromNow(-120), durationMinutes: 60 });
    const after = await join(learner.token, ended);
    expect(after.status).toBe(409);
    expect(after.body.errors).toBe('This class has ended');
  });

  it("another batch's learner gets 403, a logged-out visitor 401, a cancelled class 409", async () => {
    const owner = await ownerAccount();
    const batchId = await makeBatch(db);
    const otherBatch = await makeBatch(db, [], 'DM October');
    const outsider = await seatedLearner(db, otherBatch);
    const nobody = await signupVerifiedLearner();
    const sessionId = await addSession(owner.token, batchId, { startsAt: minutesFromNow(5) });

    const refused = await join(outsider.token, sessionId);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toBe('You are not enrolled in the batch of this class');
    expect((await join(nobody.token, sessionId)).status).toBe(403);
    expect((await call('GET', `/api/v1/learn/sessions/${sessionId}/join`)).status).toBe(401);
    expect(await count(db, `class_registrants where session_id = ${sessionId}`)).toBe(0);

    const learner = await seatedLearner(db, batchId);
    expect((await call('DELETE', `/api/v1/admin/sessions/${sessionId}`, { token: owner.token })).status).toBe(200);
    const cancelled = await join(learner.token, sessionId);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.errors).toBe('This session was cancelled');
  });

  it('a learner who enrolled after the meeting was made is registered on the spot, under their own name', async () => {
    const owner = await ownerAccount();
    const batchId = await makeBatch(db);
    const sessionId = await addSession(owner.token, batchId, { startsAt: minutesFromNow(-5), durationMinutes: 90 });
    const [made] = await db.sql<{ meeting_id: string | null }[]>`select meeting_id from class_sessions where id = ${sessionId}`;
    expect(made!.meeting_id).toBeTruthy();

    const late = await signupVerifiedLearner({ firstName: 'Ravi', lastName: 'Kumar' });
    expect((await join(late.token, sessionId)).status).toBe(403);
    await seat(db, batchId, late.id);
    const joined = await join(late.token, sessionId);
    expect(joined.status, joined.text).toBe(200);

    const [registrant] = await db.sql<{ registrant_id: string; join_url: string }[]>`
      select registrant_id, join_url from class_registrants where session_id = ${sessionId} and account_id = ${late.id}`;
    expect(registrant!.join_url).toBe(joined.body.url);
    // The meeting host holds the same registrant, by the learner's email and name.
    const [atHost] = await db.sql<{ email: string; first_name: string }[]>`
      select email, first_name from sandbox_zoom_registrants where id = ${registrant!.registrant_id} and meeting_id = ${made!.meeting_id}`;
    expect(atHost).toEqual({ email: late.email, first_name: 'Ravi' });
  });

  it('a session that is not a live class has no Join', async () => {
    const owner = await ownerAccount();
    const batchId = await makeBatch(db);
    const learner = await seatedLearner(db, batchId);
    const classroom = await addSession(owner.token, batchId, { kind: 'classroom', startsAt: minutesFromNow(5) });
    const answer = await join(learner.token, classroom);
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toBe('This session is not a live online class');
  });
  it('a meeting host that fails: the session is kept, and Join says the link is not ready (503) until the host answers', async () => {
    const owner = await ownerAccount();
    const batchId = await makeBatch(db);
    const learner = await seatedLearner(db, batchId);
    const down = async (): Promise<never> => {
      throw new MeetingHostError('temporary', 'Zoom answered 503');
    };
    useMeetingHostForTests({ createMeeting: down, updateMeeting: down, deleteMeeting: down, addRegistrant: down, participantReport: down });
    try {
      const sessionId = await addSession(owner.token, batchId, { startsAt: minutesFromNow(5) });
      expect(await count(db, `class_sessions where id = ${sessionId} and meeting_id is null`)).toBe(1);
      const refused = await join(learner.token, sessionId);
      expect(refused.status).toBe(503);
      expect(refused.body.errors).toBe('The link to this class is not ready yet. Please try again in a minute.');
      useMeetingHostForTests(undefined);
      // The host is back: the first Join makes the meeting and the learner's link.
      const joined = await join(learner.token, sessionId);
      expect(joined.status, joined.text).toBe(200);
      expect(await count(db, `class_sessions where id = ${sessionId} and meeting_id is not null`)).toBe(1);
    } finally {
      useMeetingHostForTests(undefined);
    }
  });
});
