import { beforeAll, describe, expect, it } from 'vitest';
import { call, testAccount, useTestDatabase } from '../support/harness.ts';
import { admitLearner, admitPlanId, enrol } from '../instalments/kit.ts';
import { parseCsv } from '../../fixtures/csv.ts';

const db = useTestDatabase();
let owner: { token: string; id: string; email: string };

/** Every page of `path` (which has a query already), following `next`. */
async function walk<T>(path: string, token: string, key: (row: T) => string): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  do {
    const res = await call('GET', `${path}${after ? `&after=${after}` : ''}`, { token });
    expect(res.status, res.text).toBe(200);
    seen.push(...(res.body.rows as T[]).map(key));
    after = res.body.next;
  } while (after);
  return seen;
}

beforeAll(async () => {
  owner = await testAccount('admin', 'owner', 'paging-lists');
  // 130 actions, a third of them at one instant (a tie the id breaks).
  await db.sql`
    insert into admin_audit_log (actor_id, actor_email, action, subject_kind, subject_id, at)
    select ${owner.id}, ${owner.email}, 'lead.stage', 'contact', n::text,
           case when n % 3 = 0 then timestamptz '2026-05-01T00:00:00Z' else timestamptz '2026-05-01T00:00:00Z' + n * interval '1 second' end
    from generate_series(1, 130) as n`;
});

describe('the audit log a page at a time', () => {
  it('pages by time both ways, whole and in order', async () => {
    const newest = await walk<{ subjectId: string }>('/api/v1/admin/audit?action=lead&limit=20', owner.token, (r) => r.subjectId);
    const inDb = await db.sql<
      { s: string }[]
    >`select subject_id as s from admin_audit_log where action = 'lead.stage' order by at desc, id desc`;
    expect(newest).toEqual(inDb.map((r) => r.s));
    expect(newest).toHaveLength(130);
    const oldest = await walk<{ subjectId: string }>('/api/v1/admin/audit?action=lead&limit=7&dir=asc', owner.token, (r) => r.subjectId);
    expect(oldest).toEqual([...newest].reverse());
  });

  it('refuses an unknown sort and a cursor of another list', async () => {
    expect((await call('GET', '/api/v1/admin/audit?sort=actor', { token: owner.token })).body.errors).toEqual([
      'sort: sort must be one of time',
    ]);
    const leads = await call('GET', '/api/v1/admin/leads?limit=1', { token: owner.token });
    const first = await call('GET', '/api/v1/admin/audit?limit=1', { token: owner.token });
    expect(first.body.next).toBeTruthy();
    // A cursor of the leads list (signed, but for another list) is no place in the audit log.
    const foreign = leads.body.next ?? first.body.next.replace(/^./, 'x');
    const res = await call('GET', `/api/v1/admin/audit?after=${foreign}`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['after: Not a page of this list: load the list again from its first page']);
  });
});

describe('the codes a page at a time', () => {
  it('pages by creation and by uses, both ways, with the id breaking ties', async () => {
    await db.sql`
      insert into discount_codes (code, kind, percent_off, scope, created_by, created_at)
      select 'PAGE-' || lpad(n::text, 3, '0'), 'percent', 10, 'all-courses', 'owner@example.com', timestamptz '2026-05-01T00:00:00Z' + (n % 5) * interval '1 hour'
      from generate_series(1, 45) as n`;
    const newest = await walk<{ code: string }>('/api/v1/admin/codes?limit=8', owner.token, (r) => r.code);
    const inDb = await db.sql<{ code: string }[]>`select code from discount_codes order by created_at desc, id desc`;
    expect(newest).toEqual(inDb.map((r) => r.code));
    const byUses = await walk<{ code: string; uses: number }>('/api/v1/admin/codes?sort=uses&dir=asc&limit=10', owner.token, (r) => r.code);
    expect(new Set(byUses).size).toBe(inDb.length);
    expect((await call('GET', '/api/v1/admin/codes?sort=revenue', { token: owner.token })).body.errors).toEqual([
      'sort: sort must be one of created, uses',
    ]);
  });
});

describe('the dues a page at a time', () => {
  it('pages by due date and by amount, both ways; totals count every part; the CSV holds them all', async () => {
    const learner = await admitLearner(db);
    const { body } = await enrol(learner.token, await admitPlanId(db));
    // 60 more parts: due dates and amounts repeat, so ties fall to the id.
    await db.sql`
      insert into enrolment_parts (enrolment_id, position, label, due_on, list_paise, amount_paise)
      select ${body.enrolment.id}, n, 'Part ' || n, date '2027-01-01' + (n % 9), 100000 * (1 + n % 4), 100000 * (1 + n % 4)
      from generate_series(5, 64) as n`;
    const inDb = async (order: string) =>
      (
        await db.sql.unsafe<{ key: string }[]>(
          `select id::text as key from enrolment_parts where status = 'due' and amount_paise > 0 order by ${order}`,
        )
      ).map((r) => r.key);
    const first = await call('GET', '/api/v1/admin/dues?limit=11', { token: owner.token });
    expect(first.body.rows).toHaveLength(11);
    expect(first.body.total).toBe((await inDb('id')).length);
    expect(first.body.totals.count).toBe(first.body.total);
    const key = (r: { partId: string }) => r.partId;
    expect(await walk('/api/v1/admin/dues?limit=11', owner.token, key)).toEqual(await inDb('due_on, id'));
    expect(await walk('/api/v1/admin/dues?sort=amount&dir=desc&limit=13', owner.token, key)).toEqual(
      await inDb('amount_paise desc, id desc'),
    );
    const csv = await call('GET', '/api/v1/admin/dues.csv?sort=amount&dir=asc', { token: owner.token });
    const lines = parseCsv(csv.text.replace(/^\uFEFF/, ''));
    expect(lines).toHaveLength(first.body.total + 1);
    const amounts = lines.slice(1).map((l) => Number(l[4]));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });
});

describe('the team a page at a time', () => {
  it('sorts by name and by role, both ways, with the count of the whole team', async () => {
    for (const [role, n] of [
      ['counsellor', 1],
      ['counsellor', 2],
      ['owner', 3],
    ] as const)
      await testAccount('admin', role, `team${n}`);
    const all = await call('GET', '/api/v1/admin/team', { token: owner.token });
    expect(all.body.rows).toHaveLength(all.body.total);
    expect(all.body.admins.length).toBe(all.body.total);
    const byRole = await walk<{ id: string; adminRole: string }>('/api/v1/admin/team?sort=role&limit=1', owner.token, (r) => r.adminRole);
    expect(byRole).toEqual([...byRole].sort((a, b) => ['owner', 'counsellor'].indexOf(a) - ['owner', 'counsellor'].indexOf(b)));
    expect(byRole).toHaveLength(all.body.total);
    const byName = await walk<{ id: string }>('/api/v1/admin/team?sort=name&dir=desc&limit=2', owner.token, (r) => r.id);
    const inDb = await db.sql<{ id: string }[]>`
      select a.id from accounts a where a.role = 'admin'
      order by lower(coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), a.email)) desc, a.id desc`;
    expect(byName).toEqual(inDb.map((r) => r.id));
    expect((await call('GET', '/api/v1/admin/team?sort=email', { token: owner.token })).status).toBe(400);
  });
});

describe("the owners' queue of privacy requests a page at a time", () => {
  it('shows open requests by deadline, then the closed ones; or by when confirmed, both ways', async () => {
    await db.sql`
      insert into rights_requests (email, kind, details, token_hash, status, link_expires_at, confirmed_at, due_at, closed_at)
      select 'rights' || n || '@example.com', 'export', '', md5(n::text) || md5(n::text), case when n % 4 = 0 then 'done' else 'open' end,
             now() + interval '1 day', timestamptz '2026-05-01T00:00:00Z' + n * interval '1 hour',
             timestamptz '2026-06-01T00:00:00Z' + (n % 6) * interval '1 day', case when n % 4 = 0 then now() end
      from generate_series(1, 30) as n`;
    const key = (r: { email: string; status: string }) => `${r.status}:${r.email}`;
    const queue = await walk('/api/v1/admin/privacy/rights-requests?limit=7', owner.token, key);
    expect(queue).toHaveLength(30);
    const firstClosed = queue.findIndex((k) => k.startsWith('done:'));
    expect(queue.slice(firstClosed).every((k) => k.startsWith('done:'))).toBe(true);
    const received = await walk('/api/v1/admin/privacy/rights-requests?sort=received&dir=desc&limit=4', owner.token, key);
    expect(received.map((k) => Number(k.replace(/\D/g, '')))).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
  });
});
