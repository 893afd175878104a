/**
 * Who gets a new lead: the admin a programme rule names, else the next active admin who takes
 * leads (counsellors by default) in turn. Ten leads at once spread evenly, none unassigned.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, useTestDatabase } from '../support/harness.ts';
import { auditRows, logInAgain, makeAdmin, pipelineRow, submitAdvisorLead, type TestAdmin } from './kit.ts';

const db = useTestDatabase({ LEAD_RATE_LIMIT_PER_10_MIN: '1000' });
let owner: TestAdmin;
let c1: TestAdmin;
let c2: TestAdmin;
let c3: TestAdmin;

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

beforeAll(async () => {
  owner = await makeAdmin('Owen', 'owner');
  c1 = await makeAdmin('Chitra', 'counsellor');
  c2 = await makeAdmin('Dev', 'counsellor');
  c3 = await makeAdmin('Esha', 'counsellor');
});

const owners = async (ids: string[]) => Promise.all(ids.map(async (id) => (await pipelineRow(db, 'contact', id))!.owner_id));
const tally = (list: (string | null)[]) =>
  list.reduce<Record<string, number>>((t, o) => ({ ...t, [o ?? 'none']: (t[o ?? 'none'] ?? 0) + 1 }), {});

describe('round robin among counsellors', () => {
  it('gives consecutive leads to each counsellor in turn (owners take none by default)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await submitAdvisorLead(db, `Turn Person ${'abcdef'[i]}`));
    const got = await owners(ids);
    expect(got.slice(0, 3).sort()).toEqual([c1.id, c2.id, c3.id].sort());
    expect(got.slice(3)).toEqual(got.slice(0, 3));
    expect(got).not.toContain(owner.id);
  });

  it('10 leads at once: every one assigned, 4/3/3 across the three counsellors', async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => submitAdvisorLead(db, `Burst Person ${'abcdefghij'[i]}`)));
    const counts = tally(await owners(ids));
    expect(counts['none']).toBeUndefined();
    expect(Object.keys(counts).sort()).toEqual([c1.id, c2.id, c3.id].sort());
    expect(Object.values(counts).sort()).toEqual([3, 3, 4]);
  });

  it('skips an inactive admin and one who takes no leads; an owner who takes leads joins the turn', async () => {
    const patch = (id: string, body: unknown) => call('PATCH', `/api/v1/admin/team/${id}`, { token: owner.token, body });
    const openOf = async (id: string) =>
      (await db.sql`select count(*)::int as n from lead_pipeline where owner_id = ${id} and stage not in ('enrolled', 'lost')`)[0]!.n;
    const c2Open = await openOf(c2.id);
    expect(c2Open).toBeGreaterThan(0);
    expect((await patch(c2.id, { active: false })).status).toBe(200);
    expect(await openOf(c2.id)).toBe(0); // handed on, as new leads would be
    expect((await patch(c3.id, { takesLeads: false })).status).toBe(200);
    expect((await patch(owner.id, { takesLeads: true })).status).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await submitAdvisorLead(db, `Pool Person ${'abcd'[i]}`));
    const counts = tally(await owners(ids));
    expect(counts).toEqual({ [c1.id]: 2, [owner.id]: 2 });
    await patch(c2.id, { active: true });
    await patch(c3.id, { takesLeads: true });
    await patch(owner.id, { takesLeads: false });
    const updates = (await auditRows(db, 'admin.update')).map((r) => [r.subject_id, r.details]);
    expect(updates).toContainEqual([c2.id, { active: { from: true, to: false }, openLeadsHandedOn: c2Open }]);
    expect(updates).toContainEqual([owner.id, { takesLeads: { from: false, to: true } }]);
  });

  it('leaves a lead unassigned when nobody takes leads', async () => {
    for (const c of [c1, c2, c3]) await call('PATCH', `/api/v1/admin/team/${c.id}`, { token: owner.token, body: { takesLeads: false } });
    const id = await submitAdvisorLead(db, 'Nobody Person');
    expect((await pipelineRow(db, 'contact', id))!.owner_id).toBeNull();
    for (const c of [c1, c2, c3]) await call('PATCH', `/api/v1/admin/team/${c.id}`, { token: owner.token, body: { takesLeads: true } });
  });
});

describe('rules by programme', () => {
  it("sends a programme's leads to the rule's admin; other programmes keep the round robin", async () => {
    const put = await call('PUT', '/api/v1/admin/team/rules', {
      token: owner.token,
      body: { programme: 'Data Analytics', accountId: c3.id },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.rules).toEqual([{ programme: 'Data Analytics', accountId: c3.id, name: 'Esha Admin' }]);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await submitAdvisorLead(db, `Rule Person ${'abcd'[i]}`, 'Data Analytics'));
    expect(await owners(ids)).toEqual([c3.id, c3.id, c3.id, c3.id]);
    const others: string[] = [];
    for (let i = 0; i < 3; i++) others.push(await submitAdvisorLead(db, `Other Person ${'abc'[i]}`, 'Sales Management'));
    expect((await owners(others)).sort()).toEqual([c1.id, c2.id, c3.id].sort());
  });

  it('falls back to the round robin while the named admin is inactive, and after the rule is removed', async () => {
    await call('PATCH', `/api/v1/admin/team/${c3.id}`, { token: owner.token, body: { active: false } });
    const whileAway = await owners([await submitAdvisorLead(db, 'Away Person', 'Data Analytics')]);
    expect([c1.id, c2.id]).toContain(whileAway[0]);
    await call('PATCH', `/api/v1/admin/team/${c3.id}`, { token: owner.token, body: { active: true } });
    await logInAgain(c3); // deactivation ended c3's sessions
    const del = await call('DELETE', `/api/v1/admin/team/rules/${encodeURIComponent('Data Analytics')}`, { token: owner.token });
    expect(del.status).toBe(200);
    expect(del.body.rules).toEqual([]);
    expect((await call('DELETE', '/api/v1/admin/team/rules/Data%20Analytics', { token: owner.token })).status).toBe(404);
    const rules = (await auditRows(db, 'lead.rule')).map((r) => r.details);
    expect(rules).toEqual([
      { from: null, to: c3.id },
      { from: c3.id, to: null },
    ]);
  });

  it('refuses a rule for an unknown programme or a non-admin (400), and from a counsellor (403)', async () => {
    const bad = await call('PUT', '/api/v1/admin/team/rules', { token: owner.token, body: { programme: 'Astrology', accountId: c1.id } });
    expect(bad.body.errors).toContain('programme: Choose a programme from the list');
    const nobody = await call('PUT', '/api/v1/admin/team/rules', {
      token: owner.token,
      body: { programme: 'Data Analytics', accountId: 'ffffffffffffffffffffffff' },
    });
    expect(nobody.body.errors).toContain('accountId: Choose an admin');
    const counsellor = await call('PUT', '/api/v1/admin/team/rules', {
      token: c1.token,
      body: { programme: 'Data Analytics', accountId: c1.id },
    });
    expect(counsellor.status).toBe(403);
    expect(await db.sql`select * from lead_assignment_rules`).toEqual([]);
  });
});

describe('reassigning', () => {
  it('an owner moves a lead to another admin; a counsellor may only take a lead nobody owns', async () => {
    const id = await submitAdvisorLead(db, 'Move Person');
    const before = (await pipelineRow(db, 'contact', id))!.owner_id!;
    const target = [c1, c2, c3].find((c) => c.id !== before)!;
    const other = [c1, c2, c3].find((c) => c.id !== before && c.id !== target.id)!;
    const setOwner = (admin: TestAdmin, ownerId: string | null) =>
      call('PUT', `/api/v1/admin/pipeline/contact/${id}/owner`, { token: admin.token, body: { ownerId } });
    expect((await setOwner(other, other.id)).status).toBe(403);
    const moved = await setOwner(owner, target.id);
    expect(moved.body.pipeline.ownerId).toBe(target.id);
    expect((await setOwner(owner, 'ffffffffffffffffffffffff')).status).toBe(400);
    await setOwner(owner, null);
    expect((await setOwner(other, other.id)).body.pipeline.ownerId).toBe(other.id);
    const audit = (await auditRows(db, 'lead.owner')).filter((r) => r.subject_id === id).map((r) => [r.actor_email, r.details]);
    expect(audit).toEqual([
      [owner.email, { from: before, to: target.id }],
      [owner.email, { from: target.id, to: null }],
      [other.email, { from: null, to: other.id }],
    ]);
  });
});
