/**
 * GET /api/v1/learn: the learner's batches with phases and sessions (cancelled ones left out), the
 * open batches a programme learner without a seat may pick, and nothing for a visitor.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, signupVerifiedLearner, useTestDatabase } from '../support/harness.ts';
import { addSession, minutesFromNow, ownerAccount, seat } from './kit.ts';

const db = useTestDatabase();

describe('GET /api/v1/learn', () => {
  it('a programme learner picks from open batches, then sees their batch with phases, sessions and attendance', async () => {
    const owner = await ownerAccount();
    const learner = await signupVerifiedLearner();
    expect((await call('GET', '/api/v1/learn', { token: learner.token })).body).toEqual({ batches: [], choosable: [], calendarUrl: null });
    const [batch] = await db.sql<{ id: string }[]>`
      insert into batches (programme, name, starts_on, ends_on, capacity)
      values ('aviation', 'Aviation October', '2030-10-01', '2031-02-28', 20) returning id`;
    await db.sql`insert into batch_phases (batch_id, kind, starts_on, ends_on, venue) values
      (${batch!.id}, 'online', '2030-10-01', '2030-11-30', null), (${batch!.id}, 'classroom', '2030-12-01', '2031-02-28', 'Gurugram campus')`;
    await db.sql`
      insert into registrations (email, name, phone, father_name, highschool_percent, motivation, access_token_hash, status)
      values (${learner.email}, 'Paid Learner', '9810042424', 'Father', 80, 'To fly', ${randomBytes(32).toString('hex')}, 'paid')`;

    const choosing = await call('GET', '/api/v1/learn', { token: learner.token });
    expect(choosing.status, choosing.text).toBe(200);
    expect(choosing.body.batches).toEqual([]);
    expect(choosing.body.choosable).toEqual([
      { programme: 'aviation', batches: [expect.objectContaining({ id: batch!.id, name: 'Aviation October', seatsLeft: 20 })] },
    ]);

    await seat(db, batch!.id, learner.id);
    const kept = await addSession(owner.token, batch!.id, { title: 'Welcome', startsAt: minutesFromNow(60) });
    const dropped = await addSession(owner.token, batch!.id, { title: 'Dropped', startsAt: minutesFromNow(120) });
    expect((await call('DELETE', `/api/v1/admin/sessions/${dropped}`, { token: owner.token })).status).toBe(200);
    const learn = await call('GET', '/api/v1/learn', { token: learner.token });
    expect(learn.body.choosable).toEqual([]);
    expect(learn.body.batches).toEqual([
      {
        id: batch!.id,
        name: 'Aviation October',
        courseTitle: null,
        programme: 'aviation',
        startsOn: '2030-10-01',
        endsOn: '2031-02-28',
        phases: [
          { kind: 'online', startsOn: '2030-10-01', endsOn: '2030-11-30', venue: null },
          { kind: 'classroom', startsOn: '2030-12-01', endsOn: '2031-02-28', venue: 'Gurugram campus' },
        ],
        attendance: { percent: null, attended: 0, held: 0, threshold: 75 },
        sessions: [expect.objectContaining({ id: kept, kind: 'live', title: 'Welcome', durationMinutes: 60, venue: null })],
      },
    ]);
    expect((await call('GET', '/api/v1/learn')).status).toBe(401);
  });
});
