/** The faculty role: their batches only, nothing of leads, people, money, codes, dues, privacy or insights. */
import { describe, expect, it } from 'vitest';
import { call, testAccount, useTestDatabase } from '../support/harness.ts';
import { cohortsKit } from './kit.ts';

const db = useTestDatabase();
const { owner, faculty, createBatch } = cohortsKit(db);

describe('faculty', () => {
  it('cannot read leads, persons, money, codes, dues, privacy requests or insights (403, what a counsellor may read stays open to one)', async () => {
    const teacher = await faculty();
    const counsellor = await testAccount('admin', 'counsellor', 'cohorts');
    const paths = [
      '/api/v1/admin/leads',
      '/api/v1/admin/queue',
      '/api/v1/admin/persons',
      '/api/v1/admin/money',
      '/api/v1/admin/codes',
      '/api/v1/admin/dues',
      '/api/v1/admin/privacy/requests',
      '/api/v1/admin/insights',
      '/api/v1/admin/team',
    ];
    for (const path of paths) {
      const res = await call('GET', path, { token: teacher.token });
      expect([path, res.status]).toEqual([path, 403]);
    }
    expect((await call('GET', '/api/v1/admin/leads', { token: teacher.token })).body.errors).toBe(
      'Faculty accounts can open their batches only',
    );
    // The default guard still lets counsellors in where it did.
    expect((await call('GET', '/api/v1/admin/leads', { token: counsellor.token })).status).toBe(200);
    expect((await call('GET', '/api/v1/admin/insights', { token: counsellor.token })).status).toBe(200);
    // Their own account works: who am I, logging out.
    expect((await call('GET', '/api/v1/admin/me', { token: teacher.token })).body.adminRole).toBe('faculty');
  });

  it('see and open only the batches they teach; roster too; no batch changes, creation, enrolment or unplaced list', async () => {
    const teacher = await faculty();
    const mine = await createBatch({ name: 'Taught' });
    const other = await createBatch({ name: 'Not taught' });
    const assign = await call('PUT', `/api/v1/admin/batches/${mine}/faculty`, { token: await owner(), body: { accountIds: [teacher.id] } });
    expect(assign.status).toBe(200);
    expect(assign.body.batch.faculty).toEqual([{ id: teacher.id, name: expect.stringMatching(/Rao$/) }]);
    const list = await call('GET', '/api/v1/admin/batches', { token: teacher.token });
    expect(list.body.batches.map((b: { name: string }) => b.name)).toEqual(['Taught']);
    expect((await call('GET', `/api/v1/admin/batches/${mine}`, { token: teacher.token })).status).toBe(200);
    expect((await call('GET', `/api/v1/admin/batches/${mine}/roster`, { token: teacher.token })).status).toBe(200);
    for (const path of [`/api/v1/admin/batches/${other}`, `/api/v1/admin/batches/${other}/roster`]) {
      const res = await call('GET', path, { token: teacher.token });
      expect([path, res.status, res.body.errors]).toEqual([path, 403, 'You can open only the batches you teach']);
    }
    const writes: [string, string, unknown][] = [
      [
        'POST',
        '/api/v1/admin/batches',
        { name: 'x', courseId: '6801c2a4f1e2b3c4d5e6fd57', startsOn: '2027-01-01', endsOn: '2027-02-01', capacity: 5 },
      ],
      ['PATCH', `/api/v1/admin/batches/${mine}`, { capacity: 99 }],
      ['PUT', `/api/v1/admin/batches/${mine}/faculty`, { accountIds: [] }],
      ['POST', `/api/v1/admin/batches/${mine}/enrol`, { email: 'someone@example.com' }],
      ['GET', '/api/v1/admin/unplaced', undefined],
    ];
    for (const [method, path, body] of writes) {
      const res = await call(method, path, { token: teacher.token, body });
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }
    // A counsellor has no batches at all.
    const counsellor = await testAccount('admin', 'counsellor', 'cohorts');
    expect((await call('GET', '/api/v1/admin/batches', { token: counsellor.token })).status).toBe(403);
  });

  it('only faculty accounts can be assigned; a faculty member takes no leads', async () => {
    const counsellor = await testAccount('admin', 'counsellor', 'cohorts');
    const batch = await createBatch();
    const res = await call('PUT', `/api/v1/admin/batches/${batch}/faculty`, {
      token: await owner(),
      body: { accountIds: [counsellor.id] },
    });
    expect([res.status, res.body.errors]).toEqual([400, [`accountIds: ${counsellor.id} is not an active faculty account`]]);
    const teacher = await faculty();
    const takes = await call('PATCH', `/api/v1/admin/team/${teacher.id}`, { token: await owner(), body: { takesLeads: true } });
    expect([takes.status, takes.body.errors]).toEqual([400, 'Faculty do not take leads: make them a counsellor first']);
    const team = await call('GET', '/api/v1/admin/team', { token: await owner() });
    expect(team.body.rows.find((m: { id: string }) => m.id === teacher.id)).toMatchObject({ adminRole: 'faculty', takesLeads: false });
  });
});
