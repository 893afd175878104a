/**
 * An inactive admin (one who has left) has no access: deactivation ends their sessions at once,
 * login refuses them after the password check, and reactivation restores access. Nobody
 * deactivates themselves, and two owners deactivating each other at once leave one active owner.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { INACTIVE_ADMIN, LAST_OWNER, NOT_YOURSELF } from '../../netlify/lib/team.ts';
import { call, useTestDatabase } from './harness.ts';
import { freshIp, makeAdmin, type TestAdmin } from './pipeline-helpers.ts';

const db = useTestDatabase();
let owner: TestAdmin;
let leaver: TestAdmin;

const patch = (id: string, body: unknown, token = owner.token) => call('PATCH', `/api/v1/admin/team/${id}`, { token, body });
const logIn = (email: string, password = 'admin-pass-123') =>
  call('POST', '/api/v1/admin/login', { body: { email, password }, ip: freshIp() });
const activeOwners = async () =>
  (
    await db.sql`select a.id from accounts a left join admin_profiles p on p.account_id = a.id
      where a.role = 'admin' and a.admin_role = 'owner' and coalesce(p.active, true)`
  ).length;

beforeAll(async () => {
  owner = await makeAdmin('Priya', 'owner');
  leaver = await makeAdmin('Kiran', 'counsellor');
});

describe('an inactive admin', () => {
  it('is logged out everywhere at once and cannot log in; reactivated, logs in again', async () => {
    expect((await call('GET', '/api/v1/admin/me', { token: leaver.token })).status).toBe(200);
    const off = await patch(leaver.id, { active: false });
    expect(off.status, off.text).toBe(200);
    expect(off.body.member.active).toBe(false);

    const old = await call('GET', '/api/v1/admin/leads', { token: leaver.token });
    expect(old.status).toBe(401);
    const refused = await logIn(leaver.email);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toBe(INACTIVE_ADMIN);
    expect(refused.headers.get('set-cookie')).toBeNull();
    // A wrong password still gets the same answer as for anyone: nothing is revealed.
    const wrong = await logIn(leaver.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors).toBe('Invalid email or password');

    const [entry] = await db.sql`select details from admin_audit_log where subject_id = ${leaver.id} order by id desc limit 1`;
    expect(entry!.details).toEqual({ active: { from: true, to: false } });

    expect((await patch(leaver.id, { active: true })).status).toBe(200);
    const back = await logIn(leaver.email);
    expect(back.status, back.text).toBe(200);
    expect((await call('GET', '/api/v1/admin/me', { token: back.body.token })).status).toBe(200);
  });

  it('an owner cannot deactivate themselves (409, unchanged)', async () => {
    const res = await patch(owner.id, { active: false });
    expect(res.status).toBe(409);
    expect(res.body.errors).toBe(NOT_YOURSELF);
    expect((await call('GET', '/api/v1/admin/me', { token: owner.token })).status).toBe(200);
  });

  it('two owners deactivating each other at once leave one active owner', async () => {
    expect((await patch(leaver.id, { adminRole: 'owner' })).status).toBe(200);
    const second = await logIn(leaver.email);
    const answers = await Promise.all([patch(leaver.id, { active: false }), patch(owner.id, { active: false }, second.body.token)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The loser either saw the other owner's deactivation (409) or had its own session ended (401).
    const loser = answers.find((a) => a.status !== 200)!;
    expect([401, 409]).toContain(loser.status);
    if (loser.status === 409) expect(loser.body.errors).toBe(LAST_OWNER);
    expect(await activeOwners()).toBe(1);
  });
});
