/**
 * The admissions pipeline through the API: every lead opens at New with its consent recorded;
 * stage changes keep their history (Lost needs a reason); notes; follow-ups; the work queue's
 * order; the inbox's stage and owner columns and filters; every action in the audit log.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { auditRows, makeAdmin, pipelineRow, submitAdvisorLead, type TestAdmin } from './kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase({ LEAD_RATE_LIMIT_PER_10_MIN: '1000' });
let owner: TestAdmin;
let asha: TestAdmin;

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

beforeAll(async () => {
  owner = await makeAdmin('Olivia', 'owner');
  asha = await makeAdmin('Asha', 'counsellor');
});

const stage = (admin: TestAdmin, id: string, body: unknown, kind = 'contact') =>
  call('POST', `/api/v1/admin/pipeline/${kind}/${id}/stage`, { token: admin.token, body });

describe('a new lead', () => {
  it('opens at New, owned by the only counsellor, with its consent in the same transaction', async () => {
    const id = await submitAdvisorLead(db, 'Ravi Kumar', 'Data Analytics');
    const row = await pipelineRow(db, 'contact', id);
    expect(row).toMatchObject({ stage: 'new', owner_id: asha.id, lost_reason: null, first_contacted_at: null });
    const consents = await db.sql`select email, purpose, subject_table, subject_id from consents where subject_id = ${id}`;
    expect(consents).toEqual([{ email: 'ravi.kumar@example.com', purpose: 'advisor', subject_table: 'contact_requests', subject_id: id }]);
  });

  it('a registration opens its pipeline too (by the registration id), from the database itself', async () => {
    await db.sql`insert into registrations (id, email, name, phone, father_name, highschool_percent, motivation, access_token_hash, status)
                 values ('cccccccccccccccccccccccc', 'reg@example.com', 'Reg Person', '+919800000009', 'Father R', 80, 'keen', 'hash-c', 'unpaid')`;
    expect(await pipelineRow(db, 'registration', 'cccccccccccccccccccccccc')).toMatchObject({ stage: 'new', owner_id: asha.id });
  });
});

describe('every form kind', () => {
  it("records consent with its purpose and opens a pipeline row, in the lead's transaction", async () => {
    const forms: [string, string, Record<string, unknown>, string, string][] = [
      [
        '/api/v1/user/contactus',
        'contact_requests',
        build.contact({ Name: 'Cora Page', Number: '9810042424', email: 'cora@example.com', comments: 'Hi' }),
        'contact',
        'contact',
      ],
      [
        '/api/v1/user/scholarship',
        'scholarship_applications',
        build.scholarship({ name: 'Sam Lee', email: 'sam@example.com', phone: '09876543210', institute: 'DU', message: 'Test please' }),
        'scholarship',
        'scholarship',
      ],
      [
        '/api/v1/user/tank',
        'startup_pitches',
        build.pitch({
          Name: 'Kabir Shah',
          Number: '+44 20 7946 0958',
          email: 'kabir@startup.io',
          location: 'Bengaluru',
          startupName: 'LearnLoop',
          stage: 'MVP / Prototype ready',
          comments: 'Mentors please',
          industries: ['EdTech'],
          startupIdea: 'Idea',
          problem: 'Problem',
          audience: 'Audience',
          uvp: 'UVP',
          usage: 'Usage',
          team: 'Team',
          vision: 'Vision',
          pitchDeckLink: 'https://docs.example.com/deck.pdf',
        }),
        'pitch',
        'pitch',
      ],
    ];
    for (const [path, table, body, purpose, kind] of forms) {
      const res = await call('POST', path, { body, ip: `10.88.0.${forms.findIndex((f) => f[0] === path) + 1}` });
      expect(res.status, res.text).toBe(201);
      const [row] = await db.sql.unsafe(`select id::text as id, email from ${table} order by id desc limit 1`);
      const consents = await db.sql`select purpose, subject_table from consents where subject_id = ${row!.id} and subject_table = ${table}`;
      expect(consents).toEqual([{ purpose, subject_table: table }]);
      expect((await pipelineRow(db, kind, row!.id))?.stage).toBe('new');
    }
  });
});

describe('stage changes', () => {
  it('moves a lead with a note, keeps who/when/from/to, sets the first contact once, and audits it', async () => {
    const id = await submitAdvisorLead(db, 'Meena Shah');
    const res = await stage(asha, id, { stage: 'contacted', note: 'Called, wants the brochure' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.pipeline).toMatchObject({ stage: 'contacted', ownerId: asha.id, ownerName: 'Asha Admin' });
    expect(res.body.history).toEqual([
      { from: 'new', to: 'contacted', note: 'Called, wants the brochure', by: 'Asha Admin', at: expect.any(String) },
    ]);
    const firstContact = (await pipelineRow(db, 'contact', id))!.first_contacted_at;
    expect(firstContact).toBeInstanceOf(Date);
    const again = await stage(owner, id, { stage: 'qualified' });
    expect(again.status).toBe(200);
    expect(again.body.history.map((h: { to: string; by: string }) => `${h.to} by ${h.by}`)).toEqual([
      'contacted by Asha Admin',
      'qualified by Olivia Admin',
    ]);
    expect((await pipelineRow(db, 'contact', id))!.first_contacted_at).toEqual(firstContact);
    const audit = (await auditRows(db, 'lead.stage')).filter((r) => r.subject_id === id);
    expect(audit.map((r) => [r.actor_email, r.subject_kind, r.details])).toEqual([
      ['asha@aspira.example', 'contact', { from: 'new', to: 'contacted', note: true }],
      ['olivia@aspira.example', 'contact', { from: 'contacted', to: 'qualified' }],
    ]);
  });

  it('Lost needs a reason (400, nothing changed); with one it is kept and cleared again when reopened', async () => {
    const id = await submitAdvisorLead(db, 'Kiran Rao');
    const before = await count(db, 'lead_stage_changes');
    const auditBefore = await count(db, 'admin_audit_log');
    for (const body of [{ stage: 'lost' }, { stage: 'lost', lostReason: '  ' }, { stage: 'lost', lostReason: 'x'.repeat(501) }]) {
      const res = await stage(asha, id, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toMatch(/lostReason/);
    }
    expect((await stage(asha, id, { stage: 'contacted', lostReason: 'no' })).status).toBe(400);
    expect(await count(db, 'lead_stage_changes')).toBe(before);
    expect(await count(db, 'admin_audit_log')).toBe(auditBefore);
    expect((await pipelineRow(db, 'contact', id))!.stage).toBe('new');

    const lost = await stage(asha, id, { stage: 'lost', lostReason: 'Chose another institute' });
    expect(lost.body.pipeline).toMatchObject({ stage: 'lost', lostReason: 'Chose another institute' });
    const reopened = await stage(asha, id, { stage: 'contacted' });
    expect(reopened.body.pipeline).toMatchObject({ stage: 'contacted', lostReason: null });
  });

  it('refuses bad input with a clear 4xx: unknown stage or field, same stage, unknown lead, long note', async () => {
    const id = await submitAdvisorLead(db, 'Zoya Khan');
    expect((await stage(asha, id, { stage: 'won' })).body.errors[0]).toMatch(/^stage: Choose a stage/);
    expect((await stage(asha, id, { stage: 'new' })).status).toBe(409);
    expect((await stage(asha, id, { stage: 'contacted', owner: 'x' })).body.errors).toContain('Unknown field: owner');
    expect((await stage(asha, id, { stage: 'contacted', note: 'n'.repeat(2001) })).body.errors).toContain(
      'note: Note must be at most 2000 characters',
    );
    expect((await stage(asha, '999999', { stage: 'contacted' })).status).toBe(404);
    expect((await stage(asha, id, { stage: 'contacted' }, 'nonsense')).status).toBe(400);
    expect((await stage(asha, id, { stage: 'contacted', note: 'bad \u0000 text' })).status).toBe(400);
    expect((await call('POST', `/api/v1/admin/pipeline/contact/${id}/stage`, { body: { stage: 'contacted' } })).status).toBe(401);
    expect((await pipelineRow(db, 'contact', id))!.stage).toBe('new');
  });
});

describe('notes and follow-ups', () => {
  it('adds notes (author, time, text up to 2,000 characters) and audits each', async () => {
    const id = await submitAdvisorLead(db, 'Neha Jain');
    const res = await call('POST', `/api/v1/admin/pipeline/contact/${id}/notes`, { token: asha.token, body: { body: 'Prefers weekends' } });
    expect(res.status).toBe(201);
    expect(res.body.notes).toEqual([{ id: expect.any(String), body: 'Prefers weekends', by: 'Asha Admin', at: expect.any(String) }]);
    const tooLong = await call('POST', `/api/v1/admin/pipeline/contact/${id}/notes`, {
      token: asha.token,
      body: { body: 'x'.repeat(2001) },
    });
    expect(tooLong.status).toBe(400);
    const empty = await call('POST', `/api/v1/admin/pipeline/contact/${id}/notes`, { token: asha.token, body: { body: ' ' } });
    expect(empty.body.errors).toContain('body: Enter the note');
    expect((await db.sql`select body from lead_notes where lead_id = ${id}`).map((r) => r.body)).toEqual(['Prefers weekends']);
    expect((await auditRows(db, 'lead.note')).filter((r) => r.subject_id === id)).toHaveLength(1);
  });

  it('sets a follow-up (India time from a datetime-local field), clears it, refuses a bad one', async () => {
    const id = await submitAdvisorLead(db, 'Omar Ali');
    const put = (body: unknown) => call('PUT', `/api/v1/admin/pipeline/contact/${id}/follow-up`, { token: asha.token, body });
    const year = new Date().getUTCFullYear() + 1;
    const set = await put({ nextFollowUpAt: `${year}-01-15T10:30` });
    expect(set.status, set.text).toBe(200);
    expect(set.body.pipeline.nextFollowUpAt).toBe(`${year}-01-15T05:00:00.000Z`);
    expect((await put({ nextFollowUpAt: 'tomorrow' })).body.errors[0]).toMatch(/^nextFollowUpAt: /);
    expect((await put({ nextFollowUpAt: `${year + 5}-01-01T10:00` })).status).toBe(400);
    expect((await put({ nextFollowUpAt: null })).body.pipeline.nextFollowUpAt).toBeNull();
    const audit = (await auditRows(db, 'lead.follow_up')).filter((r) => r.subject_id === id);
    expect(audit.map((r) => r.details)).toEqual([
      { from: null, to: `${year}-01-15T05:00:00.000Z` },
      { from: `${year}-01-15T05:00:00.000Z`, to: null },
    ]);
  });
});

describe('the work queue and the inbox', () => {
  it('"My leads": overdue follow-ups first, then New oldest first, then the rest; only my open leads', async () => {
    const queueOwner = await makeAdmin('Queue', 'owner');
    const ids: string[] = [];
    for (const who of ['Q One', 'Q Two', 'Q Three', 'Q Four', 'Q Five']) {
      const id = await submitAdvisorLead(db, who);
      ids.push(id);
      await call('PUT', `/api/v1/admin/pipeline/contact/${id}/owner`, { token: owner.token, body: { ownerId: queueOwner.id } });
    }
    const [one, two, three, four, five] = ids as [string, string, string, string, string];
    // Arrival times, oldest first: one, two, three, four, five.
    for (const [i, id] of ids.entries()) {
      await db.sql`update lead_pipeline set created_at = now() - make_interval(hours => ${50 - i}) where lead_kind = 'contact' and lead_id = ${id}`;
    }
    await db.sql`update lead_pipeline set next_follow_up_at = now() - interval '1 hour' where lead_id = ${four}`;
    await db.sql`update lead_pipeline set next_follow_up_at = now() - interval '3 hours' where lead_id = ${five}`;
    await stage(queueOwner, two, { stage: 'contacted', nextFollowUpAt: `${new Date().getUTCFullYear() + 1}-06-01T10:00` });
    await stage(queueOwner, three, { stage: 'lost', lostReason: 'Not reachable' });
    const res = await call('GET', '/api/v1/admin/queue', { token: queueOwner.token });
    expect(res.status).toBe(200);
    expect(res.body.leads.map((l: { id: string; bucket: string }) => [l.id, l.bucket])).toEqual([
      [five, 'overdue'],
      [four, 'overdue'],
      [one, 'new'],
      [two, 'later'],
    ]);
    expect(res.body.leads[2]).toMatchObject({ name: 'Q One', email: 'q.one@example.com', phone: '+919810042424', stage: 'new' });
    const other = await call('GET', '/api/v1/admin/queue', { token: asha.token });
    expect(other.body.leads.some((l: { id: string }) => ids.includes(l.id))).toBe(false);
  });

  it('the inbox shows stage and owner and filters by both (me, none, an admin id)', async () => {
    const id = await submitAdvisorLead(db, 'Filter Person');
    await stage(asha, id, { stage: 'qualified' });
    const get = async (query: string, admin = asha) => {
      const res = await call('GET', `/api/v1/admin/leads${query}`, { token: admin.token });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const all = await get('?q=filter.person');
    expect(all.rows[0]).toMatchObject({ stage: 'qualified', ownerId: asha.id, ownerName: 'Asha Admin', nextFollowUpAt: null });
    expect(all.admins).toEqual(expect.arrayContaining([{ id: asha.id, name: 'Asha Admin' }]));
    expect((await get('?stage=qualified')).rows.every((l: { stage: string }) => l.stage === 'qualified')).toBe(true);
    expect((await get('?stage=qualified')).rows.map((l: { id: string }) => l.id)).toContain(id);
    expect((await get('?owner=me&q=filter.person')).rows).toHaveLength(1);
    expect((await get('?owner=me&q=filter.person', owner)).rows).toHaveLength(0);
    expect((await get(`?owner=${asha.id}&q=filter.person`, owner)).rows).toHaveLength(1);
    expect((await get('?owner=none')).rows.every((l: { ownerId: string | null }) => l.ownerId === null)).toBe(true);
    expect((await call('GET', '/api/v1/admin/leads?stage=won', { token: asha.token })).status).toBe(400);
    const csv = await call('GET', '/api/v1/admin/leads?format=csv&q=filter.person', { token: asha.token });
    expect(csv.text).toContain('Qualified,Asha Admin');
  });
});
