/**
 * An inactive admin (one who has left) has no access: deactivation ends their sessions at once,
 * login refuses them after the password check, and reactivation restores access. Nobody
 * deactivates themselves, and two owners deactivating each other at once leave one active owner.
 */
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { INACTIVE_ADMIN, LAST_OWNER, NOT_YOURSELF } from '../../../netlify/lib/accounts/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { auditRows, freshIp, makeAdmin, pipelineRow, submitAdvisorLead, type TestAdmin } from '../leads/kit.ts';

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

/** Runs `work` while another transaction holds every owner's row, until two statements wait for it. */
async function holdingOwnerRows<T>(hold: boolean, work: () => Promise<T>): Promise<T> {
  if (!hold) return work();
  const other = postgres(db.url, { max: 1, onnotice: () => {} });
  try {
    let started!: Promise<T>;
    await other.begin(async (tx) => {
      await tx`select id from accounts where role = 'admin' and admin_role = 'owner' for update`;
      started = work();
      const waiting = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from pg_locks where not granted`)[0]!.n;
      await expect.poll(waiting, { timeout: 2_500 }).toBeGreaterThanOrEqual(2);
    });
    return await started;
  } finally {
    await other.end({ timeout: 5 });
  }
}

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
    expect(entry!.details).toEqual({ active: { from: true, to: false }, openLeadsHandedOn: 0 });

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

  it("hands their open leads on as new leads: the programme's rule, else the next admin in turn; closed leads stay", async () => {
    const stayer = await makeAdmin('Meera', 'counsellor');
    const ruled = await call('PUT', '/api/v1/admin/team/rules', {
      token: owner.token,
      body: { programme: 'Data Analytics', accountId: owner.id },
    });
    expect(ruled.status, ruled.text).toBe(200);
    const open = await submitAdvisorLead(db, 'Open Lead Person');
    const ruledLead = await submitAdvisorLead(db, 'Ruled Lead Person', 'Data Analytics');
    const won = await submitAdvisorLead(db, 'Won Lead Person');
    const give = (id: string, ownerId: string) =>
      call('PUT', `/api/v1/admin/pipeline/contact/${id}/owner`, { token: owner.token, body: { ownerId } });
    for (const id of [open, ruledLead, won]) expect((await give(id, leaver.id)).status).toBe(200);
    const enrolled = await call('POST', `/api/v1/admin/pipeline/contact/${won}/stage`, { token: owner.token, body: { stage: 'enrolled' } });
    expect(enrolled.status, enrolled.text).toBe(200);
    const before = (await db.sql`select count(*)::int as n from admin_audit_log where action = 'lead.owner'`)[0]!.n as number;

    const off = await patch(leaver.id, { active: false });
    expect(off.status, off.text).toBe(200);
    expect(off.body.member.openLeads).toBe(0);
    expect((await pipelineRow(db, 'contact', open))!.owner_id).toBe(stayer.id);
    expect((await pipelineRow(db, 'contact', ruledLead))!.owner_id).toBe(owner.id);
    expect((await pipelineRow(db, 'contact', won))!.owner_id).toBe(leaver.id);
    const moves = (await auditRows(db, 'lead.owner')).slice(before);
    expect(moves.map((m) => [m.subject_id, m.details]).sort()).toEqual(
      [
        [open, { from: leaver.id, to: stayer.id, reason: 'previous owner deactivated' }],
        [ruledLead, { from: leaver.id, to: owner.id, reason: 'previous owner deactivated' }],
      ].sort(),
    );
    const [update] = (await auditRows(db, 'admin.update')).filter((r) => r.subject_id === leaver.id).slice(-1);
    expect(update!.details).toEqual({ active: { from: true, to: false }, openLeadsHandedOn: 2 });

    // Nobody gives a lead to an inactive admin; the pickers say who is inactive.
    const refused = await give(open, leaver.id);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContain('ownerId: This admin is inactive: choose an active admin');
    expect((await pipelineRow(db, 'contact', open))!.owner_id).toBe(stayer.id);
    const inbox = await call('GET', '/api/v1/admin/leads', { token: owner.token });
    expect(inbox.body.admins).toContainEqual({ id: leaver.id, name: 'Kiran Admin (inactive)' });

    expect((await patch(leaver.id, { active: true })).status).toBe(200);
    await call('DELETE', `/api/v1/admin/team/rules/${encodeURIComponent('Data Analytics')}`, { token: owner.token });
    expect((await patch(stayer.id, { active: false })).status).toBe(200);
  });

  it('two owners deactivating each other at once leave one active owner', async () => {
    expect((await patch(leaver.id, { adminRole: 'owner' })).status).toBe(200);
    const second = await logIn(leaver.email);
    // On a database server, both requests are held at the owners' row lock until both wait there,
    // so each has passed its session check before either commits: the race at its worst.
    const racing = holdingOwnerRows(!!process.env.TEST_DATABASE_URL, () =>
      Promise.all([patch(leaver.id, { active: false }), patch(owner.id, { active: false }, second.body.token)]),
    );
    const answers = await racing;
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The loser either saw the other owner's deactivation (409) or had its own session ended (401).
    const loser = answers.find((a) => a.status !== 200)!;
    expect([401, 409]).toContain(loser.status);
    if (loser.status === 409) expect(loser.body.errors).toBe(LAST_OWNER);
    expect(await activeOwners()).toBe(1);
  });
});
