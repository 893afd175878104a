/**
 * Admin roles: counsellors work leads only (403 on course writes, money and team management);
 * owners change roles (never leaving the team without an owner); owners read the audit log with
 * filters; the daily digest of overdue follow-ups is sent once a day.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendCounsellorDigests } from '../../../netlify/lib/leads/index.ts';
import { roleForNewAdmin } from '../../../netlify/lib/accounts/index.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { makeAdmin, submitAdvisorLead, type TestAdmin } from './kit.ts';

const db = useTestDatabase({ LEAD_RATE_LIMIT_PER_10_MIN: '1000' });
let owner: TestAdmin;
let counsellor: TestAdmin;
const DM = '6801c2a4f1e2b3c4d5e6fd57';

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

beforeAll(async () => {
  expect(await roleForNewAdmin()).toBe('owner');
  owner = await makeAdmin('Priya', 'owner');
  expect(await roleForNewAdmin()).toBe('counsellor');
  counsellor = await makeAdmin('Sunil', 'counsellor');
});

describe('a counsellor works leads only', () => {
  it('403 on course create, update and delete, nothing changed', async () => {
    const courses = await count(db, 'courses');
    const [before] = await db.sql`select title from courses where id = ${DM}`;
    const form = new FormData();
    form.set('title', 'Counsellor course');
    for (const [method, path] of [
      ['POST', '/api/v1/course/create'],
      ['PUT', `/api/v1/course/update/${DM}`],
      ['DELETE', `/api/v1/course/delete/${DM}`],
    ] as const) {
      const res = await call(method, path, { token: counsellor.token, rawBody: method === 'DELETE' ? undefined : form });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.errors).toBe('Only an owner admin can do this');
    }
    expect(await count(db, 'courses')).toBe(courses);
    expect((await db.sql`select title from courses where id = ${DM}`)[0]).toEqual(before);
  });

  it('403 on money, team and audit; 200 on the inbox, the queue and a lead', async () => {
    for (const path of ['/api/v1/admin/money', '/api/v1/admin/team', '/api/v1/admin/audit']) {
      expect((await call('GET', path, { token: counsellor.token })).status, path).toBe(403);
    }
    const id = await submitAdvisorLead(db, 'Role Person');
    for (const path of ['/api/v1/admin/leads', '/api/v1/admin/queue', `/api/v1/admin/pipeline/contact/${id}`, '/api/v1/admin/me']) {
      expect((await call('GET', path, { token: counsellor.token })).status, path).toBe(200);
    }
    expect((await call('GET', '/api/v1/admin/me', { token: counsellor.token })).body).toEqual({
      id: counsellor.id,
      email: counsellor.email,
      firstName: 'Sunil',
      adminRole: 'counsellor',
    });
    const moved = await call('POST', `/api/v1/admin/pipeline/contact/${id}/stage`, {
      token: counsellor.token,
      body: { stage: 'contacted' },
    });
    expect(moved.status).toBe(200);
  });

  it('cannot change roles (403, unchanged)', async () => {
    const res = await call('PATCH', `/api/v1/admin/team/${counsellor.id}`, { token: counsellor.token, body: { adminRole: 'owner' } });
    expect(res.status).toBe(403);
    const [row] = await db.sql`select admin_role from accounts where id = ${counsellor.id}`;
    expect(row!.admin_role).toBe('counsellor');
  });
});

describe('owners manage the team', () => {
  it('lists the team with role, takes leads, active and open leads', async () => {
    const res = await call('GET', '/api/v1/admin/team', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      { id: owner.id, name: 'Priya Admin', email: owner.email, adminRole: 'owner', takesLeads: false, active: true, openLeads: 0 },
      {
        id: counsellor.id,
        name: 'Sunil Admin',
        email: counsellor.email,
        adminRole: 'counsellor',
        takesLeads: true,
        active: true,
        openLeads: 1,
      },
    ]);
  });

  it('promotes a counsellor (who may then create courses) and demotes again; the last owner stays an owner', async () => {
    const patch = (id: string, body: unknown, token = owner.token) => call('PATCH', `/api/v1/admin/team/${id}`, { token, body });
    const promoted = await patch(counsellor.id, { adminRole: 'owner' });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body.member.adminRole).toBe('owner');
    expect((await call('GET', '/api/v1/admin/team', { token: counsellor.token })).status).toBe(200);
    expect((await patch(counsellor.id, { adminRole: 'counsellor' })).status).toBe(200);
    const last = await patch(owner.id, { adminRole: 'counsellor' });
    expect(last.status).toBe(409);
    expect(last.body.errors).toBe('The team needs at least one owner: make another admin an owner first');
    expect((await db.sql`select admin_role from accounts where id = ${owner.id}`)[0]!.admin_role).toBe('owner');
    expect((await patch(counsellor.id, {})).body.errors).toContain('Nothing to change');
    expect((await patch(counsellor.id, { adminRole: 'boss' })).status).toBe(400);
    expect((await patch('ffffffffffffffffffffffff', { active: false })).status).toBe(404);
  });
});

describe('the audit log', () => {
  it('owners read every action, newest first, filtered by actor, action and day', async () => {
    const all = await call('GET', '/api/v1/admin/audit', { token: owner.token });
    expect(all.status).toBe(200);
    const actions = all.body.rows.map((e: { action: string; actorEmail: string }) => `${e.action} by ${e.actorEmail}`);
    expect(actions).toEqual([`admin.update by ${owner.email}`, `admin.update by ${owner.email}`, `lead.stage by ${counsellor.email}`]);
    expect(all.body.rows[0].details).toEqual({ adminRole: { from: 'owner', to: 'counsellor' } });
    expect(all.body.actions).toEqual(['admin.update', 'lead.stage']);
    const byActor = await call('GET', `/api/v1/admin/audit?actor=${counsellor.id}`, { token: owner.token });
    expect(byActor.body.rows.map((e: { action: string }) => e.action)).toEqual(['lead.stage']);
    const byGroup = await call('GET', '/api/v1/admin/audit?action=lead', { token: owner.token });
    expect(byGroup.body.rows).toHaveLength(1);
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    expect((await call('GET', `/api/v1/admin/audit?from=${today}&to=${today}`, { token: owner.token })).body.rows).toHaveLength(3);
    expect((await call('GET', '/api/v1/admin/audit?to=2020-01-01', { token: owner.token })).body.rows).toEqual([]);
    expect((await call('GET', '/api/v1/admin/audit?from=2026-02-30', { token: owner.token })).status).toBe(400);
    expect((await call('GET', '/api/v1/admin/audit?who=x', { token: owner.token })).body.errors).toContain('Unknown field: who');
  });
});

describe('the counsellor digest', () => {
  it("emails each admin their overdue follow-ups once a day, never another admin's", async () => {
    const late = await submitAdvisorLead(db, 'Late Person');
    const notYet = await submitAdvisorLead(db, 'Later Person');
    const closed = await submitAdvisorLead(db, 'Closed Person');
    await db.sql`update lead_pipeline set owner_id = ${counsellor.id}, next_follow_up_at = now() - interval '2 hours' where lead_kind = 'contact' and lead_id in (${late}, ${closed})`;
    await db.sql`update lead_pipeline set stage = 'lost', lost_reason = 'No budget' where lead_kind = 'contact' and lead_id = ${closed}`;
    await db.sql`update lead_pipeline set owner_id = ${counsellor.id}, next_follow_up_at = now() + interval '2 days' where lead_kind = 'contact' and lead_id = ${notYet}`;
    const first = await sendCounsellorDigests();
    expect(first).toEqual({ sent: 1, skipped: 0 });
    const again = await sendCounsellorDigests();
    expect(again).toEqual({ sent: 0, skipped: 1 });
    const mails = await db.sql<{ to_address: string; subject: string; text_body: string; html_body: string }[]>`
      select to_address, subject, text_body, html_body from email_outbox where tag = 'counsellor-digest'`;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe(counsellor.email);
    expect(mails[0]!.subject).toBe('Aspira: 1 follow-up overdue');
    expect(mails[0]!.text_body).toMatch(/^Hello Sunil,/);
    expect(mails[0]!.text_body).toContain('Late Person (Advisor & contact requests, +919810042424): due');
    expect(mails[0]!.text_body).not.toContain('Later Person');
    expect(mails[0]!.text_body).not.toContain('Closed Person');
    expect(mails[0]!.text_body).toContain('/admin/queue');
    expect(await count(db, 'counsellor_digests_sent')).toBe(1);
  });
});

describe('exporting leads as CSV', () => {
  it('a counsellor exports only the leads they own; an owner exports every lead', async () => {
    const mine = await submitAdvisorLead(db, 'Csv Mine');
    const theirs = await submitAdvisorLead(db, 'Csv Theirs');
    await db.sql`update lead_pipeline set owner_id = ${counsellor.id} where lead_kind = 'contact' and lead_id = ${mine}`;
    await db.sql`update lead_pipeline set owner_id = ${owner.id} where lead_kind = 'contact' and lead_id = ${theirs}`;
    const csv = (token: string, query = '') => call('GET', `/api/v1/admin/leads?format=csv${query}`, { token });

    const own = await csv(counsellor.token);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toMatch(/aspira-leads-mine-all-/);
    expect(own.text).toContain('csv.mine@example.com');
    expect(own.text).not.toContain('csv.theirs@example.com');
    expect((await csv(counsellor.token, '&owner=me')).text).toBe(own.text);
    for (const other of [`&owner=${owner.id}`, '&owner=none']) {
      const refused = await csv(counsellor.token, other);
      expect(refused.status, other).toBe(403);
      expect(refused.body.errors).toBe('A counsellor exports only the leads they own: choose Owner "Me" or no owner filter');
    }
    // On screen the inbox stays whole for a counsellor; only the bulk copy is limited.
    const inbox = await call('GET', '/api/v1/admin/leads', { token: counsellor.token });
    expect(inbox.text).toContain('csv.theirs@example.com');

    const all = await csv(owner.token);
    expect(all.text).toContain('csv.mine@example.com');
    expect(all.text).toContain('csv.theirs@example.com');
  });
});
