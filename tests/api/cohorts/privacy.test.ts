/** A learner's seats are in their data export and go with their erasure; the batch stays. */
import { describe, expect, it } from 'vitest';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { cohortsKit } from './kit.ts';

const db = useTestDatabase();
const { owner, learner, createBatch } = cohortsKit(db);

describe('batch seats in privacy requests', () => {
  it('exports the seat with its batch, erases it with the account', async () => {
    const batchId = await createBatch({ name: 'Privacy batch' });
    const person = await learner();
    const enrol = await call('POST', `/api/v1/admin/batches/${batchId}/enrol`, { token: await owner(), body: { email: person.email } });
    expect(enrol.status).toBe(201);
    const exported = await call('GET', '/api/v1/user/privacy/export', { token: person.token });
    expect(exported.status).toBe(200);
    expect(exported.body.data.batchSeats).toEqual([
      expect.objectContaining({ batch: 'Privacy batch', source: 'manual', status: 'taken', starts_on: expect.anything() }),
    ]);
    const erased = await call('POST', '/api/v1/user/privacy/delete', { token: person.token, body: { password: 'tests-are-fine-42' } });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await count(db, `batch_seats where account_id = '${person.id}'`)).toBe(0);
    expect(await count(db, `batches where id = '${batchId}'`)).toBe(1);
  });
});
