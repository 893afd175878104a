/**
 * Classroom check-in by the rotating QR code: a fresh token is accepted; one older than 30 seconds,
 * another batch's, a second check-in, a learner not in the batch and a logged-out phone are refused.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, count, signupVerifiedLearner, useTestDatabase } from '../support/harness.ts';
import { addSession, facultyAccount, makeBatch, minutesFromNow, seatedLearner } from './kit.ts';

const db = useTestDatabase();

const qr = (token: string, sessionId: string) => call('GET', `/api/v1/admin/sessions/${sessionId}/qr`, { token });
const checkIn = (token: string | undefined, qrToken: string) =>
  call('POST', '/api/v1/checkin', { ...(token ? { token } : {}), body: { token: qrToken } });

afterEach(() => vi.useRealTimers());

describe('classroom check-in', () => {
  it('a fresh token checks the learner in once; the second scan is refused', async () => {
    const faculty = await facultyAccount();
    const batchId = await makeBatch(db, [faculty.id], 'DM Gurugram');
    const learner = await seatedLearner(db, batchId);
    const sessionId = await addSession(faculty.token, batchId, { kind: 'classroom', title: 'SEO workshop', startsAt: minutesFromNow(-10) });

    const code = await qr(faculty.token, sessionId);
    expect(code.status, code.text).toBe(200);
    expect(code.body.checkinUrl).toBe(`/checkin?t=${code.body.token}`);
    expect(new Date(code.body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(30_000);
    expect(code.headers.get('cache-control')).toBe('no-store');

    const first = await checkIn(learner.token, code.body.token);
    expect(first.status, first.text).toBe(200);
    expect(first.body.session.title).toBe('SEO workshop');
    expect(first.body.batch).toEqual({ name: 'DM Gurugram' });

    const again = await checkIn(learner.token, (await qr(faculty.token, sessionId)).body.token);
    expect(again.status).toBe(409);
    expect(again.body.errors).toBe('You have already checked in to this class');
    expect(await count(db, `attendance_entries where session_id = ${sessionId} and source = 'checkin'`)).toBe(1);
  });

  it('a token 31 seconds old is refused, one 29 seconds old is accepted', async () => {
    const faculty = await facultyAccount();
    const batchId = await makeBatch(db, [faculty.id]);
    const [early, late] = [await seatedLearner(db, batchId), await seatedLearner(db, batchId)];
    const sessionId = await addSession(faculty.token, batchId, { kind: 'classroom', startsAt: minutesFromNow(-5) });
    const { token } = (await qr(faculty.token, sessionId)).body;

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 29_000);
    expect((await checkIn(early.token, token)).status).toBe(200);
    vi.setSystemTime(Date.now() + 2_000);
    const stale = await checkIn(late.token, token);
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toBe('This QR code has expired: scan the code on the screen again');
    expect(await count(db, `attendance_entries where account_id = '${late.id}'`)).toBe(0);
  });

  it("another batch's token, a learner without a seat, a forged token and a logged-out phone are refused", async () => {
    const faculty = await facultyAccount();
    const batchId = await makeBatch(db, [faculty.id]);
    const otherBatch = await makeBatch(db, [], 'DM Pune');
    const outsider = await seatedLearner(db, otherBatch);
    const nobody = await signupVerifiedLearner();
    const sessionId = await addSession(faculty.token, batchId, { kind: 'classroom', startsAt: minutesFromNow(-5) });
    const { token } = (await qr(faculty.token, sessionId)).body;

    const other = await checkIn(outsider.token, token);
    expect(other.status).toBe(403);
    expect(other.body.errors).toBe("This QR code is for another batch's class");
    const none = await checkIn(nobody.token, token);
    expect(none.status).toBe(403);
    expect(none.body.errors).toBe('You are not enrolled in the batch of this class');

    // The same session and second, signed by someone else.
    const forged = token.replace(/\.[0-9a-f]{32}$/, `.${'0'.repeat(32)}`);
    const learner = await seatedLearner(db, batchId);
    const refused = await checkIn(learner.token, forged);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toBe('This QR code is not ours: scan the one shown in class');

    const loggedOut = await checkIn(undefined, token);
    expect(loggedOut.status).toBe(401);
    expect(await count(db, `attendance_entries where session_id = ${sessionId}`)).toBe(0);
  });

  it("only owners and the batch's faculty get the QR code", async () => {
    const faculty = await facultyAccount();
    const stranger = await facultyAccount();
    const batchId = await makeBatch(db, [faculty.id]);
    await makeBatch(db, [stranger.id], 'DM Noida');
    const sessionId = await addSession(faculty.token, batchId, { kind: 'classroom', startsAt: minutesFromNow(0) });
    expect((await qr(stranger.token, sessionId)).status).toBe(403);
    const learner = await seatedLearner(db, batchId);
    expect((await qr(learner.token, sessionId)).status).toBe(403);
  });
});
