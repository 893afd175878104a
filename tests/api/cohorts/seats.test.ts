/** Seats in a batch: taken atomically at checkout, held until paid, freed by expiry or a refund; the waiting list. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BATCH_FULL, CHOOSE_A_BATCH } from '../../../src/shared/cohorts.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { DM, PM, cohortsKit } from './kit.ts';

const db = useTestDatabase({ SANDBOX_PAYMENT_SECRET: 'sandbox-secret-for-batch-tests' });
const { owner, learner, createBatch, buy, payAndRecord, seatsOf, gatewayOrders } = cohortsKit(db);

describe('seats at checkout', () => {
  it('the last seat, 10 buyers at once: one seat held, the other 9 told it is full before any gateway order', async () => {
    const batchId = await createBatch({ name: 'Last seat', capacity: 1 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => learner()));
    const before = await gatewayOrders();
    const answers = await Promise.all(buyers.map((b) => buy(b.token, batchId)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).toEqual({ errors: BATCH_FULL, full: true });
    expect(await gatewayOrders()).toBe(before + 1);
    const seats = await seatsOf(batchId);
    expect(seats).toHaveLength(1);
    expect(seats[0]).toMatchObject({ status: 'held', source: 'course_order' });
    // The hold belongs to the winner's order; paid, it is their seat.
    const winner = buyers[answers.findIndex((a) => a.status === 201)]!;
    const [order] = await db.sql<{ id: string; batch_id: string }[]>`
      select id::text, batch_id from course_orders where account_id = ${winner.id}`;
    expect(order).toEqual({ id: seats[0]!.source_id, batch_id: batchId });
    await payAndRecord(winner.token, answers.find((a) => a.status === 201)!.body.orderId);
    expect((await seatsOf(batchId))[0]).toMatchObject({ account_id: winner.id, status: 'taken', source_id: order!.id });
    const list = await call('GET', `/api/v1/course/${DM}/batches`);
    expect(list.body.batches.find((b: { id: string }) => b.id === batchId)).toMatchObject({
      name: 'Last seat',
      seatsLeft: 0,
      status: 'open',
    });
  });

  it("a course with open batches needs one chosen; another course's batch is refused; nothing is opened", async () => {
    const batchId = await createBatch({ courseId: PM, name: 'PM October' });
    const buyer = await learner();
    const before = await gatewayOrders();
    const none = await buy(buyer.token, undefined, PM);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([`batchId: ${CHOOSE_A_BATCH}`]);
    const other = await buy(buyer.token, await createBatch({ name: 'DM only' }), PM);
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual(['batchId: That batch is not a batch of this course']);
    const bad = await buy(buyer.token, 'not-a-batch', PM);
    expect(bad.status).toBe(400);
    expect(await gatewayOrders()).toBe(before);
    expect(await seatsOf(batchId)).toEqual([]);
  });

  it('a hold that runs out frees the seat for the next buyer; the first buyer who pays late is seated all the same', async () => {
    const batchId = await createBatch({ name: 'Hold expiry', capacity: 1 });
    const first = await learner();
    const second = await learner();
    const held = await buy(first.token, batchId);
    expect(held.status).toBe(201);
    expect((await buy(second.token, batchId)).status).toBe(409);
    // 30 minutes later, unpaid:
    await db.sql`update batch_seats set held_until = now() - interval '1 second' where batch_id = ${batchId}`;
    expect((await buy(second.token, batchId)).status).toBe(201);
    expect((await seatsOf(batchId)).map((s) => [s.account_id, s.status])).toEqual([
      [first.id, 'held'],
      [second.id, 'held'],
    ]);
    // The money is never refused: the late payment takes a seat (the owner sees the batch over capacity).
    await payAndRecord(first.token, held.body.orderId);
    expect((await seatsOf(batchId)).find((s) => s.account_id === first.id)!.status).toBe('taken');
  });

  it('a second checkout by the same buyer (another tab) keeps their one hold; paying both leaves one seat', async () => {
    const batchId = await createBatch({ name: 'Two tabs', capacity: 1 });
    const buyer = await learner();
    const first = await buy(buyer.token, batchId);
    const second = await buy(buyer.token, batchId);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await seatsOf(batchId)).toEqual([expect.objectContaining({ account_id: buyer.id, status: 'held' })]);
    await payAndRecord(buyer.token, first.body.orderId);
    const pay = await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: second.body.orderId, outcome: 'success' } });
    const { success: _s, ...result } = pay.body;
    expect((await call('POST', '/api/v1/order', { token: buyer.token, body: { courseId: DM, ...result } })).status).toBe(409);
    const seats = await seatsOf(batchId);
    expect(seats).toHaveLength(1);
    const [paid] = await db.sql<{ id: string }[]>`select id::text from course_orders where gateway_order_id = ${first.body.orderId}`;
    expect(seats[0]).toMatchObject({ status: 'taken', source_id: paid!.id });
  });

  it('a refund in full frees the seat, and the batch can be bought again', async () => {
    const batchId = await createBatch({ name: 'Refund frees', capacity: 1 });
    const buyer = await learner();
    const order = await buy(buyer.token, batchId);
    await payAndRecord(buyer.token, order.body.orderId);
    const next = await learner();
    expect((await buy(next.token, batchId)).status).toBe(409);
    const token = await owner();
    const refund = await call('POST', '/api/v1/admin/refunds', {
      token,
      body: { orderId: order.body.orderId, full: true, reason: 'Cannot attend', idempotencyKey: randomUUID() },
    });
    expect(refund.status).toBe(201);
    expect((await call('POST', `/api/v1/admin/refunds/${refund.body.refund.id}/check`, { token })).body.refund.status).toBe('processed');
    expect((await seatsOf(batchId))[0]).toMatchObject({ account_id: buyer.id, status: 'released', released_reason: 'refunded' });
    expect((await buy(next.token, batchId)).status).toBe(201);
  });

  it('the waiting list: positions in order, once per learner, not for a seated learner; seated later, off the list', async () => {
    const batchId = await createBatch({ name: 'Waiting list', capacity: 1 });
    const seated = await learner();
    await payAndRecord(seated.token, (await buy(seated.token, batchId)).body.orderId);
    const [a, b] = [await learner(), await learner()];
    const first = await call('POST', `/api/v1/batches/${batchId}/waitlist`, { token: a.token });
    expect([first.status, first.body]).toEqual([201, { position: 1 }]);
    const second = await call('POST', `/api/v1/batches/${batchId}/waitlist`, { token: b.token });
    expect([second.status, second.body]).toEqual([201, { position: 2 }]);
    const again = await call('POST', `/api/v1/batches/${batchId}/waitlist`, { token: a.token });
    expect([again.status, again.body]).toEqual([200, { position: 1 }]);
    const mine = await call('POST', `/api/v1/batches/${batchId}/waitlist`, { token: seated.token });
    expect([mine.status, mine.body.errors]).toEqual([409, 'You already have a seat in this batch']);
    expect((await call('POST', `/api/v1/batches/${batchId}/waitlist`)).status).toBe(401);
    const roster = await call('GET', `/api/v1/admin/batches/${batchId}/roster`, { token: await owner() });
    expect(roster.body.learners.map((l: { accountId: string; seatStatus: string }) => [l.accountId, l.seatStatus])).toEqual([
      [seated.id, 'taken'],
      [a.id, 'waiting'],
      [b.id, 'waiting'],
    ]);
    // A seat frees (the owner raises the capacity): the first on the list buys and leaves the list.
    expect((await call('PATCH', `/api/v1/admin/batches/${batchId}`, { token: await owner(), body: { capacity: 2 } })).status).toBe(200);
    await payAndRecord(a.token, (await buy(a.token, batchId)).body.orderId);
    expect((await seatsOf(batchId)).filter((s) => s.account_id === a.id).map((s) => [s.status, s.released_reason])).toEqual([
      ['released', 'seated'],
      ['taken', null],
    ]);
    expect((await call('POST', `/api/v1/batches/${batchId}/waitlist`, { token: b.token })).body).toEqual({ position: 1 });
  });
});
