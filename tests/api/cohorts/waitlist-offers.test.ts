/**
 * A freed seat (a refund, a hold that ran out, a larger capacity) is offered to the first learner on
 * the batch's waiting list by email, theirs to take until a time; told once per freed seat, never
 * seated automatically; an offer that lapses goes to the next learner.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { offerFreedSeats } from '../../../netlify/lib/cohorts/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { DM, cohortsKit } from './kit.ts';

const db = useTestDatabase({ SANDBOX_PAYMENT_SECRET: 'sandbox-secret-for-batch-tests' });
const { owner, learner, createBatch, buy, payAndRecord, seatsOf } = cohortsKit(db);

const offers = (email: string) =>
  db.sql<{ subject: string; text_body: string }[]>`
    select subject, text_body from email_outbox where to_address = ${email} and tag = 'waitlist-seat' order by id`;

const waitFor = async (batchId: string, token: string) =>
  expect((await call('POST', `/api/v1/batches/${batchId}/waitlist`, { token })).status).toBe(201);

describe('the waiting list is told of a freed seat', () => {
  it('a refund: the first learner is emailed once with the /buy link and a time, the seat stays theirs meanwhile', async () => {
    const batchId = await createBatch({ name: 'Offer on refund', capacity: 1 });
    const buyer = await learner();
    const order = await buy(buyer.token, batchId);
    await payAndRecord(buyer.token, order.body.orderId);
    const [first, second, stranger] = [await learner(), await learner(), await learner()];
    await waitFor(batchId, first.token);
    await waitFor(batchId, second.token);

    await offerFreedSeats();
    expect(await offers(first.email)).toEqual([]);

    const token = await owner();
    const refund = await call('POST', '/api/v1/admin/refunds', {
      token,
      body: { orderId: order.body.orderId, full: true, reason: 'Cannot attend', idempotencyKey: randomUUID() },
    });
    expect((await call('POST', `/api/v1/admin/refunds/${refund.body.refund.id}/check`, { token })).body.refund.status).toBe('processed');

    expect(await offerFreedSeats()).toMatchObject({ offered: [{ batchId, accountId: first.id }] });
    const [mail] = await offers(first.email);
    expect(mail!.subject).toBe('A seat is free in Offer on refund');
    expect(mail!.text_body).toMatch(
      /A seat is free in Offer on refund: it is yours to take until \d{1,2} \w+ \d{4} at \d{1,2}:\d{2} [ap]m IST/,
    );
    expect(mail!.text_body).toContain(`/buy/${DM}`);
    expect(await offers(second.email)).toEqual([]);

    // The next run tells nobody again; nobody was seated by it.
    expect((await offerFreedSeats()).offered).toEqual([]);
    expect(await offers(first.email)).toHaveLength(1);
    expect((await seatsOf(batchId)).filter((s) => s.status === 'taken' || s.status === 'held')).toEqual([]);

    // Meanwhile the seat is the first learner's: someone else is told the batch is full.
    const other = await buy(stranger.token, batchId);
    expect([other.status, other.body.full]).toEqual([409, true]);
    const mine = await buy(first.token, batchId);
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect((await seatsOf(batchId)).find((s) => s.account_id === first.id && s.status === 'waiting')).toBeUndefined();
  });

  it('an offer that lapses takes the learner off the list and goes to the next one', async () => {
    const batchId = await createBatch({ name: 'Offer lapses', capacity: 1 });
    const holder = await learner();
    expect((await buy(holder.token, batchId)).status).toBe(201); // held, never paid
    const [first, second] = [await learner(), await learner()];
    await waitFor(batchId, first.token);
    await waitFor(batchId, second.token);
    expect((await offerFreedSeats()).offered).toEqual([]);

    // The hold runs out (noticed only by the run).
    await db.sql`update batch_seats set held_until = now() - interval '1 second' where batch_id = ${batchId} and status = 'held'`;
    expect((await offerFreedSeats()).offered).toEqual([{ batchId, accountId: first.id }]);

    // The first learner lets the time pass: off the list, the seat goes to the second, each told once.
    await db.sql`update batch_seats set offered_until = now() - interval '1 second' where batch_id = ${batchId} and account_id = ${first.id}`;
    expect((await offerFreedSeats()).offered).toEqual([{ batchId, accountId: second.id }]);
    expect(await offers(first.email)).toHaveLength(1);
    expect(await offers(second.email)).toHaveLength(1);
    expect((await seatsOf(batchId)).find((s) => s.account_id === first.id)).toMatchObject({
      status: 'released',
      released_reason: 'offer lapsed',
    });
  });

  it('a larger capacity is offered at once, one learner per new seat', async () => {
    const batchId = await createBatch({ name: 'Offer on capacity', capacity: 1 });
    const buyer = await learner();
    await payAndRecord(buyer.token, (await buy(buyer.token, batchId)).body.orderId);
    const [first, second, third] = [await learner(), await learner(), await learner()];
    for (const l of [first, second, third]) await waitFor(batchId, l.token);

    const grown = await call('PATCH', `/api/v1/admin/batches/${batchId}`, { token: await owner(), body: { capacity: 3 } });
    expect(grown.status).toBe(200);
    expect(await offers(first.email)).toHaveLength(1);
    expect(await offers(second.email)).toHaveLength(1);
    expect(await offers(third.email)).toEqual([]);
    expect((await offerFreedSeats()).offered).toEqual([]);
  });
});
