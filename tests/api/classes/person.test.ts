/**
 * Counsellors and owners see a learner's batch and attendance percent on the person page (no
 * detail), and My leads brings back an enrolled learner whose attendance fell under the threshold.
 */
import { describe, expect, it } from 'vitest';
import { call, signupVerifiedLearner, testAccount, useTestDatabase } from '../support/harness.ts';
import { addSession, makeBatch, minutesFromNow, ownerAccount, seat } from './kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase();

let leads = 0;

/** A learner who also sent the advisor form: their lead, enrolled and owned by the counsellor. */
async function learnerWithLead(counsellorId: string) {
  leads++;
  const learner = await signupVerifiedLearner({ email: `person.${leads}.${process.pid}@example.com`, firstName: 'Kiran' });
  const sent = await call('POST', '/api/v1/user/contactus', {
    body: build.advisor({ Name: `Kiran ${leads}`, Number: `98100 4242${leads}`, email: learner.email, programme: '' }),
    ip: `10.88.0.${leads}`,
  });
  expect(sent.status, sent.text).toBe(201);
  const [lead] = await db.sql<{ id: string }[]>`select id::text from contact_requests where email = ${learner.email}`;
  await db.sql`update lead_pipeline set owner_id = ${counsellorId}, stage = 'enrolled' where lead_kind = 'contact' and lead_id = ${lead!.id}`;
  return { learner, leadId: lead!.id };
}

describe('attendance on the person page and in My leads', () => {
  it('the person page shows batch and percent; My leads flags the learner under the threshold only', async () => {
    const owner = await ownerAccount();
    const counsellor = await testAccount('admin', 'counsellor', 'classes');
    const batchId = await makeBatch(db, [], 'DM Hybrid');
    const low = await learnerWithLead(counsellor.id);
    const good = await learnerWithLead(counsellor.id);
    await seat(db, batchId, low.learner.id);
    await seat(db, batchId, good.learner.id);
    const sessionId = await addSession(owner.token, batchId, { kind: 'classroom', startsAt: minutesFromNow(-30) });
    const qr = await call('GET', `/api/v1/admin/sessions/${sessionId}/qr`, { token: owner.token });
    expect((await call('POST', '/api/v1/checkin', { token: good.learner.token, body: { token: qr.body.token } })).status).toBe(200);

    const lookup = await call('GET', `/api/v1/admin/persons/lookup?kind=contact&id=${low.leadId}`, { token: counsellor.token });
    expect(lookup.status, lookup.text).toBe(200);
    const person = await call('GET', `/api/v1/admin/persons/${lookup.body.id}`, { token: counsellor.token });
    expect(person.status, person.text).toBe(200);
    expect(person.body.person.batches).toEqual([{ batchId, batchName: 'DM Hybrid', percent: 0, belowThreshold: true }]);

    const queue = await call('GET', '/api/v1/admin/queue', { token: counsellor.token });
    expect(queue.status, queue.text).toBe(200);
    const flagged = queue.body.leads.filter((l: { attendance: unknown }) => l.attendance);
    expect(flagged.map((l: { id: string; attendance: unknown }) => [l.id, l.attendance])).toEqual([
      [low.leadId, { batchName: 'DM Hybrid', percent: 0, threshold: 75 }],
    ]);
    // The learner at 100% stays out of the queue: enrolled and nothing to do.
    expect(queue.body.leads.map((l: { id: string }) => l.id)).not.toContain(good.leadId);
  });
});
