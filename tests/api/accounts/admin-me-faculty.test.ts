/**
 * Who am I, for a faculty member: the admin screens read the role from GET /admin/me to show
 * faculty only Batches and to start them on /admin/batches; every other admin endpoint keeps them out.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestDatabase } from '../support/harness.ts';
import { makeAdmin, type TestAdmin } from '../leads/kit.ts';

const db = useTestDatabase();
let faculty: TestAdmin;

beforeAll(async () => {
  await makeAdmin('Priya', 'owner');
  faculty = await makeAdmin('Farah', 'counsellor');
  await db.sql`update accounts set admin_role = 'faculty' where id = ${faculty.id}`;
});

describe('GET /admin/me for faculty', () => {
  it('answers the faculty role', async () => {
    const res = await call('GET', '/api/v1/admin/me', { token: faculty.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: faculty.id, email: faculty.email, firstName: 'Farah', adminRole: 'faculty' });
  });

  it('still refuses them the team and the leads', async () => {
    for (const path of ['/api/v1/admin/team', '/api/v1/admin/leads', '/api/v1/admin/queue']) {
      expect((await call('GET', path, { token: faculty.token })).status, path).toBe(403);
    }
  });
});
