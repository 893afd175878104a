/**
 * A learner's attendance in their data: check-ins, minutes online, corrections with reasons, the
 * calendar feed and reminders are in the export, and the erasure deletes them (docs/dpdp.md).
 */
import { describe, expect, it } from 'vitest';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { addSession, makeBatch, minutesFromNow, ownerAccount, seatedLearner } from './kit.ts';

const db = useTestDatabase();

describe('classes in the privacy export and erasure', () => {
  it('exports attendance, never a join link or the feed token, and erases it all with the account', async () => {
    const owner = await ownerAccount();
    const batchId = await makeBatch(db, [], 'DM Privacy');
    const learner = await seatedLearner(db, batchId);
    const classroom = await addSession(owner.token, batchId, { kind: 'classroom', title: 'Lab one', startsAt: minutesFromNow(-30) });
    const live = await addSession(owner.token, batchId, { title: 'Live one', startsAt: minutesFromNow(-5) });
    const qr = await call('GET', `/api/v1/admin/sessions/${classroom}/qr`, { token: owner.token });
    expect((await call('POST', '/api/v1/checkin', { token: learner.token, body: { token: qr.body.token } })).status).toBe(200);
    const joined = await call('GET', `/api/v1/learn/sessions/${live}/join`, { token: learner.token });
    expect(joined.status).toBe(200);
    const correction = { sessionId: live, accountId: learner.id, present: true, reason: 'Joined from a colleague’s laptop' };
    expect((await call('POST', '/api/v1/admin/attendance', { token: owner.token, body: correction })).status).toBe(200);
    const feed = await call('POST', '/api/v1/learn/calendar/reset', { token: learner.token });

    const exported = await call('GET', '/api/v1/user/privacy/export', { token: learner.token });
    expect(exported.status, exported.text).toBe(200);
    const { data } = exported.body;
    expect(data.attendance.map((a: { session: string; source: string; present: boolean }) => [a.session, a.source, a.present])).toEqual([
      ['Lab one', 'checkin', true],
      ['Live one', 'correction', true],
    ]);
    expect(data.attendance[1].reason).toBe('Joined from a colleague’s laptop');
    expect(data.liveClassRegistrations).toEqual([expect.objectContaining({ session: 'Live one' })]);
    expect(data.calendarFeed).toHaveLength(1);
    expect(exported.text).not.toContain(joined.body.url);
    expect(exported.text).not.toContain(new URL(feed.body.calendarUrl).pathname.split('/').pop()!.replace('.ics', ''));

    const erased = await call('POST', '/api/v1/user/privacy/delete', { token: learner.token, body: { password: learner.password } });
    expect(erased.status, erased.text).toBe(200);
    for (const table of ['attendance_entries', 'class_registrants', 'calendar_feeds', 'class_reminders']) {
      expect(await count(db, `${table} where account_id = '${learner.id}'`), table).toBe(0);
    }
    expect((await call('GET', new URL(feed.body.calendarUrl).pathname)).status).toBe(404);
  });
});
