/** The owner's batch admin: create with clear refusals, change within the rules, enrol by hand, place what has no batch. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { choosableBatches } from '../../../netlify/lib/cohorts/index.ts';
import { call, count, testAccount, useTestDatabase } from '../support/harness.ts';
import { DM, PM, cohortsKit } from './kit.ts';

const db = useTestDatabase({ SANDBOX_PAYMENT_SECRET: 'sandbox-secret-for-batch-tests' });
const { owner, learner, createBatch, buy, payAndRecord, seatsOf } = cohortsKit(db);

const batch = (body: Record<string, unknown>) => ({
  name: 'Batch',
  courseId: DM,
  startsOn: '2027-08-02',
  endsOn: '2027-12-31',
  capacity: 20,
  ...body,
});

describe('owner batch admin', () => {
  it('creates a batch with phases; only owners create one', async () => {
    const res = await call('POST', '/api/v1/admin/batches', {
      token: await owner(),
      body: batch({
        name: 'Hybrid August',
        attendanceThreshold: 80,
        phases: [
          { kind: 'online', startsOn: '2027-08-02', endsOn: '2027-09-30' },
          { kind: 'classroom', startsOn: '2027-10-01', endsOn: '2027-12-31', venue: 'Aspira Centre, Gurugram' },
        ],
      }),
    });
    expect(res.status).toBe(201);
    const detail = await call('GET', `/api/v1/admin/batches/${res.body.id}`, { token: await owner() });
    expect(detail.body.batch).toMatchObject({
      name: 'Hybrid August',
      courseId: DM,
      courseTitle: 'Digital Marketing',
      status: 'open',
      capacity: 20,
      seatsTaken: 0,
      attendanceThreshold: 80,
      phases: [
        { kind: 'online', startsOn: '2027-08-02', endsOn: '2027-09-30', venue: null },
        { kind: 'classroom', startsOn: '2027-10-01', endsOn: '2027-12-31', venue: 'Aspira Centre, Gurugram' },
      ],
    });
    const counsellor = await testAccount('admin', 'counsellor', 'cohorts');
    const refused = await call('POST', '/api/v1/admin/batches', { token: counsellor.token, body: batch({}) });
    expect([refused.status, refused.body.errors]).toEqual([403, 'Only an owner admin can do this']);
    expect((await call('POST', '/api/v1/admin/batches', { body: batch({}) })).status).toBe(401);
  });

  it('refuses bad input with a clear message per field, and writes nothing', async () => {
    const token = await owner();
    const before = await count(db, 'batches');
    const cases: [Record<string, unknown>, string[]][] = [
      [batch({ endsOn: '2027-08-01' }), ['endsOn: The batch must end on or after the day it starts']],
      [batch({ capacity: 0 }), ['capacity: A batch has at least 1 seat']],
      [batch({ capacity: 1001 }), ['capacity: A batch has at most 1000 seats']],
      [batch({ courseId: 'ffffffffffffffffffffffff' }), ['courseId: No such course (it may have been archived)']],
      [batch({ programme: 'aviation' }), ['courseId: Choose either a course or a programme for the batch']],
      [batch({ startsOn: '2027-02-30' }), ['startsOn: The start date is not a real date']],
      [batch({ name: ' ' }), ['name: Enter the batch name']],
      [
        batch({ phases: [{ kind: 'classroom', startsOn: '2027-09-01', endsOn: '2027-10-01' }] }),
        ['phases.0.venue: Enter the venue of the in-class phase'],
      ],
      [
        batch({ phases: [{ kind: 'online', startsOn: '2027-07-01', endsOn: '2027-10-01' }] }),
        ["phases.0: A phase must fall within the batch's dates"],
      ],
      [batch({ seats: 3 }), ['Unknown field: seats']],
    ];
    for (const [body, errors] of cases) {
      const res = await call('POST', '/api/v1/admin/batches', { token, body });
      expect([res.status, res.body.errors]).toEqual([400, errors]);
    }
    expect(await count(db, 'batches')).toBe(before);
  });

  it('changes a batch: status only forward, capacity never below the seats taken, phases inside the dates', async () => {
    const token = await owner();
    const id = await createBatch({ name: 'To change', capacity: 2 });
    for (const buyer of [await learner(), await learner()]) await payAndRecord(buyer.token, (await buy(buyer.token, id)).body.orderId);
    const patch = (body: Record<string, unknown>) => call('PATCH', `/api/v1/admin/batches/${id}`, { token, body });
    expect((await patch({ capacity: 0 })).body.errors).toEqual(['capacity: A batch has at least 1 seat']);
    const running = await patch({ status: 'running', name: 'Changed' });
    expect(running.body.batch).toMatchObject({ status: 'running', name: 'Changed', seatsTaken: 2 });
    const cases: [Record<string, unknown>, string[]][] = [
      [{ status: 'open' }, ['status: A running batch cannot go back to open']],
      [{ endsOn: '2027-08-01' }, ['endsOn: The batch must end on or after the day it starts']],
      [{}, ['Nothing to change']],
      [{ capacity: 1 }, ['capacity: 2 seats are taken: the capacity cannot go below that']],
      [
        { phases: [{ kind: 'online', startsOn: '2028-01-01', endsOn: '2028-01-02' }] },
        ["phases: A phase must fall within the batch's dates"],
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await patch(body);
      expect([res.status, res.body.errors]).toEqual([400, errors]);
    }
    expect((await call('GET', `/api/v1/admin/batches/${id}`, { token })).body.batch).toMatchObject({
      name: 'Changed',
      capacity: 2,
      status: 'running',
    });
    // A running batch is no longer offered at checkout.
    const offered = await call('GET', `/api/v1/course/${DM}/batches`);
    expect(offered.body.batches.map((b: { id: string }) => b.id)).not.toContain(id);
  });

  it("enrols a learner by email: their purchase is the seat's source, else manual; unknown email 404; full 409", async () => {
    const token = await owner();
    // A purchase made before the course had batches: unplaced until the owner places it.
    const early = await learner();
    const order = await buy(early.token, undefined, PM);
    expect(order.status).toBe(201);
    await payAndRecord(early.token, order.body.orderId, PM);
    const unplaced = await call('GET', '/api/v1/admin/unplaced', { token });
    expect(unplaced.body.unplaced).toContainEqual(
      expect.objectContaining({ source: 'course_order', accountId: early.id, courseId: PM, courseTitle: 'Product Management' }),
    );
    const id = await createBatch({ courseId: PM, name: 'PM by hand', capacity: 2 });
    const placed = await call('POST', `/api/v1/admin/batches/${id}/enrol`, { token, body: { email: early.email.toUpperCase() } });
    expect([placed.status, placed.body]).toEqual([201, { accountId: early.id, source: 'course_order', status: 'taken' }]);
    expect((await call('GET', '/api/v1/admin/unplaced', { token })).body.unplaced).not.toContainEqual(
      expect.objectContaining({ accountId: early.id }),
    );
    const twice = await call('POST', `/api/v1/admin/batches/${id}/enrol`, { token, body: { email: early.email } });
    expect([twice.status, twice.body.errors]).toEqual([409, 'This learner already has a seat in this batch']);
    const guest = await learner();
    expect((await call('POST', `/api/v1/admin/batches/${id}/enrol`, { token, body: { email: guest.email } })).body.source).toBe('manual');
    const nobody = await call('POST', `/api/v1/admin/batches/${id}/enrol`, { token, body: { email: 'nobody@example.com' } });
    expect([nobody.status, nobody.body.errors]).toEqual([404, 'No learner account has that email: the learner signs up first']);
    const bad = await call('POST', `/api/v1/admin/batches/${id}/enrol`, { token, body: { email: 'not an email' } });
    expect([bad.status, bad.body.errors]).toEqual([400, ['email: Enter a valid email address']]);
    const full = await call('POST', `/api/v1/admin/batches/${id}/enrol`, { token, body: { email: (await learner()).email } });
    expect([full.status, full.body.full]).toEqual([409, true]);
    expect((await seatsOf(id)).map((s) => s.source)).toEqual(['course_order', 'manual']);
    const audit = await db.sql<
      { action: string }[]
    >`select action from admin_audit_log where subject_kind = 'batch' and subject_id = ${id} order by id`;
    expect(audit.map((a) => a.action)).toEqual(['batch.create', 'batch.enrol', 'batch.enrol']);
  });

  it('a learner who paid the registration fee chooses a programme batch on /learn, once; others are refused', async () => {
    const id = await createBatch({ courseId: undefined, programme: 'aviation', name: 'Aviation October', capacity: 5 });
    const paid = await learner();
    await db.sql`
      insert into registrations (email, name, phone, father_name, highschool_percent, motivation, access_token_hash, status)
      values (${paid.email}, 'Paid Learner', '9810042424', 'Father', 80, 'To fly', ${randomBytes(32).toString('hex')}, 'paid')`;
    // /learn offers the programme's open batches until the learner has a seat in one.
    expect(await choosableBatches({ accountId: paid.id, email: paid.email })).toEqual([
      { programme: 'aviation', batches: [expect.objectContaining({ id, name: 'Aviation October', seatsLeft: 5 })] },
    ]);
    const seat = await call('POST', `/api/v1/learn/batches/${id}/seat`, { token: paid.token });
    expect([seat.status, seat.body]).toEqual([201, { batchId: id, status: 'taken' }]);
    expect((await seatsOf(id))[0]).toMatchObject({ account_id: paid.id, source: 'registration', status: 'taken' });
    expect(await choosableBatches({ accountId: paid.id, email: paid.email })).toEqual([]);
    const again = await call('POST', `/api/v1/learn/batches/${id}/seat`, { token: paid.token });
    expect([again.status, again.body.errors]).toEqual([409, 'You already have a seat in this batch']);
    const stranger = await learner();
    const refused = await call('POST', `/api/v1/learn/batches/${id}/seat`, { token: stranger.token });
    expect([refused.status, refused.body.errors]).toEqual([
      403,
      'Only a learner who paid the registration fee or joined a fee plan can choose a programme batch',
    ]);
    const course = await call('POST', `/api/v1/learn/batches/${await createBatch()}/seat`, { token: paid.token });
    expect(course.status).toBe(400);
  });
});
