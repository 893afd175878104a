/**
 * The attendance ledger: a meeting's participant report turns into minutes by registrant (never by
 * display name), read twice without counting twice; check-ins; corrections with a reason, audited;
 * the percent the learner, the sheet and the person page read.
 */
import { describe, expect, it } from 'vitest';
import { readMissedReports, recordMeetingEnded } from '../../../netlify/lib/classes/index.ts';
import { sandboxZoomParticipant } from '../../../netlify/lib/meetings/index.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { addSession, facultyAccount, join, makeBatch, minutesFromNow, ownerAccount, seatedLearner } from './kit.ts';

const db = useTestDatabase();

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

async function registrantOf(sessionId: string, accountId: string): Promise<string> {
  const [row] = await db.sql<{ registrant_id: string }[]>`
    select registrant_id from class_registrants where session_id = ${sessionId} and account_id = ${accountId}`;
  return row!.registrant_id;
}

describe('attendance', () => {
  it('a sandbox participant report becomes minutes per learner, matched by registrant; the percent follows', async () => {
    const faculty = await facultyAccount();
    const batchId = await makeBatch(db, [faculty.id]);
    const asha = await seatedLearner(db, batchId);
    const ravi = await seatedLearner(db, batchId);
    // A live class that started 50 minutes ago (60 minutes), and an in-class session an hour ago.
    const live = await addSession(faculty.token, batchId, { title: 'Search ads', startsAt: minutesFromNow(-50), durationMinutes: 60 });
    const classroom = await addSession(faculty.token, batchId, { kind: 'classroom', startsAt: minutesFromNow(-60), durationMinutes: 120 });
    await addSession(faculty.token, batchId, { title: 'Next week', startsAt: minutesFromNow(7 * 24 * 60) });
    expect((await join(asha.token, live)).status).toBe(200);
    expect((await join(ravi.token, live)).status).toBe(200);
    const [made] = await db.sql<{ meeting_id: string }[]>`select meeting_id from class_sessions where id = ${live}`;
    const meetingId = made!.meeting_id;

    // Asha: two joins that overlap (a second device) = 45 minutes; Ravi: 20 minutes; someone typing Asha's name: nobody.
    const ashaId = await registrantOf(live, asha.id);
    await sandboxZoomParticipant(meetingId, { registrantId: ashaId, email: asha.email, name: 'Asha', joinedAt: at(50), leftAt: at(20) });
    await sandboxZoomParticipant(meetingId, {
      registrantId: ashaId,
      email: asha.email,
      name: 'Asha phone',
      joinedAt: at(35),
      leftAt: at(5),
    });
    await sandboxZoomParticipant(meetingId, {
      registrantId: await registrantOf(live, ravi.id),
      email: ravi.email,
      name: 'Ravi',
      joinedAt: at(45),
      leftAt: at(25),
    });
    await sandboxZoomParticipant(meetingId, { registrantId: null, email: null, name: 'Asha1 Rao', joinedAt: at(50), leftAt: at(0) });

    expect(await recordMeetingEnded(meetingId)).toEqual({ sessionId: live, learners: 2, unmatched: 1 });
    // Zoom may send meeting.ended twice: the same rows, not twice the minutes.
    expect(await recordMeetingEnded(meetingId)).toEqual({ sessionId: live, learners: 2, unmatched: 1 });
    const online = await db.sql<{ account_id: string; minutes: number; present: boolean }[]>`
      select account_id, minutes, present from attendance_entries where session_id = ${live} and source = 'online' order by minutes desc`;
    expect(online).toEqual([
      { account_id: asha.id, minutes: 45, present: true },
      { account_id: ravi.id, minutes: 20, present: false },
    ]);

    // Asha checks in to the classroom session too: 2 of 2; Ravi 0 of 2.
    const qr = await call('GET', `/api/v1/admin/sessions/${classroom}/qr`, { token: faculty.token });
    expect((await call('POST', '/api/v1/checkin', { token: asha.token, body: { token: qr.body.token } })).status).toBe(200);

    const learn = await call('GET', '/api/v1/learn', { token: asha.token });
    expect(learn.status, learn.text).toBe(200);
    const [batch] = learn.body.batches;
    expect(batch.attendance).toEqual({ percent: 100, attended: 2, held: 2, threshold: 75 });
    expect(batch.sessions.map((s: { kind: string }) => s.kind)).toEqual(['classroom', 'live', 'live']);
    const liveSession = batch.sessions.find((s: { id: string }) => s.id === live);
    expect(new Date(liveSession.joinOpensAt).getTime()).toBe(new Date(liveSession.startsAt).getTime() - 15 * 60_000);
    expect((await call('GET', '/api/v1/learn', { token: ravi.token })).body.batches[0].attendance).toEqual({
      percent: 0,
      attended: 0,
      held: 2,
      threshold: 75,
    });

    const sheet = await call('GET', `/api/v1/admin/batches/${batchId}/attendance`, { token: faculty.token });
    expect(sheet.status, sheet.text).toBe(200);
    expect(sheet.body.sessions.map((s: { id: string }) => s.id)).toEqual([classroom, live]);
    const ashaRow = sheet.body.learners.find((l: { accountId: string }) => l.accountId === asha.id);
    expect(ashaRow.percent).toBe(100);
    expect(ashaRow.entries[live]).toEqual({ present: true, minutes: 45, source: 'online' });
    expect(ashaRow.entries[classroom]).toEqual({ present: true, minutes: null, source: 'checkin' });
  });

  it('the scheduled run reads the report of an ended class whose webhook never came, once', async () => {
    const owner = await ownerAccount();
    const batchId = await makeBatch(db);
    const learner = await seatedLearner(db, batchId);
    const live = await addSession(owner.token, batchId, { startsAt: minutesFromNow(-90), durationMinutes: 60 });
    const running = await addSession(owner.token, batchId, { startsAt: minutesFromNow(-30), durationMinutes: 60 });
    expect((await join(learner.token, running)).status).toBe(200);
    // The learner's link to the class that ended (as their Join made it while it ran).
    const [made] = await db.sql<{ meeting_id: string }[]>`select meeting_id from class_sessions where id = ${live}`;
    await db.sql`insert into class_registrants (session_id, account_id, registrant_id, join_url) values (${live}, ${learner.id}, 'reg-late-1', 'https://example.com/j')`;
    await sandboxZoomParticipant(made!.meeting_id, {
      registrantId: 'reg-late-1',
      email: learner.email,
      name: 'L',
      joinedAt: at(90),
      leftAt: at(35),
    });

    const first = await readMissedReports();
    expect(first.read).toBeGreaterThanOrEqual(1);
    const [entry] = await db.sql`select minutes, present from attendance_entries where session_id = ${live} and source = 'online'`;
    expect(entry).toEqual({ minutes: 55, present: true });
    const [read] = await db.sql<{ report_read_at: Date | null }[]>`select report_read_at from class_sessions where id = ${live}`;
    expect(read!.report_read_at).not.toBeNull();
    // The running class is left for later; the read one is not read again.
    const [still] = await db.sql<{ report_read_at: Date | null }[]>`select report_read_at from class_sessions where id = ${running}`;
    expect(still!.report_read_at).toBeNull();
    await db.sql`delete from attendance_entries where session_id = ${live}`;
    await readMissedReports();
    expect(await count(db, `attendance_entries where session_id = ${live}`)).toBe(0);
  });

  it('the percent is rounded down, so a learner under the threshold never reads as at it', async () => {
    const owner = await ownerAccount();
    const batchId = await makeBatch(db);
    await db.sql`update batches set attendance_threshold = 67 where id = ${batchId}`;
    const learner = await seatedLearner(db, batchId);
    const sessions = [
      await addSession(owner.token, batchId, { kind: 'classroom', startsAt: minutesFromNow(-180) }),
      await addSession(owner.token, batchId, { kind: 'classroom', startsAt: minutesFromNow(-120) }),
      await addSession(owner.token, batchId, { kind: 'classroom', startsAt: minutesFromNow(-60) }),
    ];
    for (const sessionId of sessions.slice(0, 2)) {
      const body = { sessionId, accountId: learner.id, present: true, reason: 'Signed the paper register' };
      expect((await call('POST', '/api/v1/admin/attendance', { token: owner.token, body })).status).toBe(200);
    }
    // 2 of 3 is 66.7%: under 67, and shown as 66.
    const learn = await call('GET', '/api/v1/learn', { token: learner.token });
    expect(learn.body.batches[0].attendance).toEqual({ percent: 66, attended: 2, held: 3, threshold: 67 });
    const [row] = await db.sql`select percent, below_threshold from learner_attendance where account_id = ${learner.id}`;
    expect(row).toEqual({ percent: 66, below_threshold: true });
  });

  it('a correction needs a reason, decides the entry and is in the audit log', async () => {
    const faculty = await facultyAccount();
    const owner = await ownerAccount();
    const batchId = await makeBatch(db, [faculty.id]);
    const learner = await seatedLearner(db, batchId);
    const sessionId = await addSession(faculty.token, batchId, { kind: 'classroom', startsAt: minutesFromNow(-30) });
    const future = await addSession(faculty.token, batchId, { kind: 'classroom', startsAt: minutesFromNow(60) });
    const correct = (token: string, body: Record<string, unknown>) => call('POST', '/api/v1/admin/attendance', { token, body });

    const noReason = await correct(faculty.token, { sessionId, accountId: learner.id, present: true, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual(['reason: Enter the reason for the correction']);
    expect((await correct(faculty.token, { sessionId: future, accountId: learner.id, present: true, reason: 'Early' })).status).toBe(409);

    const fixed = await correct(faculty.token, {
      sessionId,
      accountId: learner.id,
      present: true,
      reason: 'Phone battery died; seen in class',
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.entry).toEqual({ present: true, minutes: null, source: 'correction' });
    // A later correction by an owner wins.
    expect((await correct(owner.token, { sessionId, accountId: learner.id, present: false, reason: 'Left after 10 minutes' })).status).toBe(
      200,
    );
    const [current] =
      await db.sql`select present, source from attendance_current where session_id = ${sessionId} and account_id = ${learner.id}`;
    expect(current).toEqual({ present: false, source: 'correction' });

    const audit = await db.sql<{ actor_email: string; details: { reason: string; to: { present: boolean } } }[]>`
      select actor_email, details from admin_audit_log where action = 'attendance.correction' and subject_id = ${`${sessionId}:${learner.id}`} order by id`;
    expect(audit.map((a) => [a.actor_email, a.details.reason, a.details.to.present])).toEqual([
      [faculty.email, 'Phone battery died; seen in class', true],
      [owner.email, 'Left after 10 minutes', false],
    ]);
  });

  it('faculty of another batch get 403 on the sheet and on corrections', async () => {
    const faculty = await facultyAccount();
    const stranger = await facultyAccount();
    const batchId = await makeBatch(db, [faculty.id]);
    await makeBatch(db, [stranger.id], 'DM Chennai');
    const learner = await seatedLearner(db, batchId);
    const sessionId = await addSession(faculty.token, batchId, { kind: 'classroom', startsAt: minutesFromNow(-30) });
    expect((await call('GET', `/api/v1/admin/batches/${batchId}/attendance`, { token: stranger.token })).status).toBe(403);
    const refused = await call('POST', '/api/v1/admin/attendance', {
      token: stranger.token,
      body: { sessionId, accountId: learner.id, present: true, reason: 'Was there' },
    });
    expect(refused.status).toBe(403);
    expect(await count(db, `attendance_entries where session_id = ${sessionId}`)).toBe(0);
  });
});
