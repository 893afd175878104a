import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, login } from '../../../netlify/lib/accounts/index.ts';
import { emailKey, phoneKey } from '../../../netlify/lib/leads/index.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';

const db = useTestDatabase();
let token = '';
let learnerToken = '';
let adminId = '';
const DM = '6801c2a4f1e2b3c4d5e6fd57';
const REG = 'a5a5a5a5a5a5a5a5a5a5a5a5';

type Person = {
  id: string;
  requestedId: string;
  names: string[];
  emails: string[];
  phones: string[];
  leads: { kind: string; id: string; form: string; stage: string | null; lastTouch: string; firstTouch: string | null }[];
  timeline: { at: string; kind: string; title: string; detail?: string; lead?: { kind: string; id: string } }[];
  merges: { id: string; fromId: string; intoId: string; by: string | null; undoneAt: string | null }[];
};

async function contact(email: string, phone: string, at: string, name = 'Asha Rao', extra = ''): Promise<string> {
  const [row] = await db.sql<{ id: string }[]>`
    insert into contact_requests (source, name, phone, email, programme, comments, utm_source, created_at)
    values (${extra ? 'contact' : 'advisor'}, ${name}, ${phone}, ${email}, ${extra ? null : 'Data Analytics'}, ${extra}, 'google', ${at})
    returning id::text`;
  return row!.id;
}

async function personOf(kind: string, id: string): Promise<string> {
  const res = await call('GET', `/api/v1/admin/persons/lookup?kind=${kind}&id=${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
}

async function person(id: string): Promise<Person> {
  const res = await call('GET', `/api/v1/admin/persons/${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.person as Person;
}

let ashaContact = '';
let orderId = '';
let ravi = '';
let courseTitle = '';

beforeAll(async () => {
  const admin = await createAccount({
    role: 'admin',
    email: 'persons-admin@aspira.example',
    password: 'persons-admin-pass',
    firstName: 'Priya',
    lastName: 'Nair',
  });
  adminId = admin.id;
  token = (await login('admin', 'persons-admin@aspira.example', 'persons-admin-pass')).token;
  const buyer = await createAccount({
    role: 'user',
    email: 'asha@example.com',
    password: 'learner-pass-123',
    firstName: 'Asha',
    lastName: 'Rao',
  });
  learnerToken = (await login('user', 'asha@example.com', 'learner-pass-123')).token;
  const sql = db.sql;
  const [course] = await sql<{ title: string }[]>`select title from courses where id = ${DM}`;
  courseTitle = course!.title;

  // One human: an advisor callback (+91 mobile), a registration typed with spaces and another
  // email, a course order whose email is in capitals.
  ashaContact = await contact('asha@example.com', '+919876543210', '2026-03-01T04:00:00Z');
  await sql`insert into registrations (id, email, name, phone, father_name, highschool_percent, motivation, access_token_hash, created_at)
            values (${REG}, 'asha.work@example.com', 'Asha R', '+91 98765 43210', 'Father', 80, 'keen', 'persons-hash', '2026-03-02T04:00:00Z')`;
  await sql`insert into payment_orders (id, gateway, purpose, amount_paise, receipt, status, payment_id, paid_at)
            values ('order_p_reg', 'sandbox', 'registration', 850000, 'p1', 'paid', 'pay_p_reg', '2026-03-02T05:00:00Z'),
                   ('order_p_course', 'sandbox', 'course', 24900000, 'p2', 'paid', 'pay_p_course', '2026-03-03T04:10:00Z')`;
  await sql`insert into registration_payments (registration_id, order_id, fee_option, program_name, amount_paise, status, payment_id, paid_at, created_at)
            values (${REG}, 'order_p_reg', 'hybrid', 'AspiraDemy Hybrid', 850000, 'paid', 'pay_p_reg', '2026-03-02T05:00:00Z', '2026-03-02T04:30:00Z')`;
  const [order] = await sql<{ id: string }[]>`
    insert into course_orders (account_id, course_id, email, gateway_order_id, amount_paise, status, payment_id, paid_at, created_at)
    values (${buyer.id}, ${DM}, 'Asha@Example.com', 'order_p_course', 24900000, 'paid', 'pay_p_course', '2026-03-03T04:10:00Z', '2026-03-03T04:00:00Z')
    returning id::text`;
  orderId = order!.id;
  await sql`insert into email_outbox (to_address, subject, text_body, tag, status, created_at, sent_at)
            values ('asha@example.com', 'Your Aspira advisor will call you', 'SECRET-BODY-TEXT', 'advisor-confirmation', 'sent', '2026-03-01T04:00:01Z', '2026-03-01T04:00:05Z'),
                   ('ASHA.WORK@example.com', 'Registration received', 'SECRET-BODY-TEXT', 'registration', 'pending', '2026-03-02T04:00:02Z', null),
                   ('someone.else@example.com', 'Not hers', 'x', 'general', 'sent', '2026-03-02T04:00:03Z', '2026-03-02T04:00:04Z')`;
  await sql`insert into lead_stage_changes (lead_kind, lead_id, from_stage, to_stage, note, actor_id, at)
            values ('contact', ${ashaContact}, 'new', 'contacted', 'Called, interested', ${adminId}, '2026-03-01T06:00:00Z')`;
  await sql`insert into lead_notes (lead_kind, lead_id, author_id, body, created_at)
            values ('contact', ${ashaContact}, ${adminId}, 'Wants the weekend batch', '2026-03-01T06:05:00Z')`;

  // Someone else.
  const [s] = await sql<{ id: string }[]>`
    insert into scholarship_applications (name, email, phone, institute, message, created_at)
    values ('Ravi Kumar', 'ravi@example.com', '+919811122233', 'IIT Delhi', 'Please consider me', '2026-03-04T04:00:00Z') returning id::text`;
  ravi = s!.id;
});

describe('person keys', () => {
  it('reads Indian numbers by their last 10 digits and emails without case', () => {
    for (const variant of ['+91 98765 43210', '9876543210', '+919876543210', '098765-43210', '0091 98765 43210', '(+91) 98765.43210'])
      expect(phoneKey(variant), variant).toBe('9876543210');
    expect(phoneKey('+1 415 555 0100')).toBe('14155550100');
    expect(phoneKey('12345')).toBeNull();
    expect(phoneKey(null)).toBeNull();
    expect(emailKey(' Asha@Example.COM ')).toBe('asha@example.com');
    expect(emailKey('not-an-email')).toBeNull();
  });
});

describe('GET /api/v1/admin/persons', () => {
  it('groups leads by email (any case) and by phone variants into one person', async () => {
    const asha = await personOf('contact', ashaContact);
    expect(await personOf('registration', REG)).toBe(asha);
    expect(await personOf('order', orderId)).toBe(asha);
    expect(await personOf('scholarship', ravi)).not.toBe(asha);
    const p = await person(asha);
    expect(p.emails.sort()).toEqual(['asha.work@example.com', 'asha@example.com']);
    expect(p.phones.sort()).toEqual(['+91 98765 43210', '+919876543210']);
    expect(p.names.sort()).toEqual(['Asha R', 'Asha Rao']);
    expect(p.leads.map((l) => `${l.kind}:${l.form}:${l.stage}`)).toEqual([
      'order:Course order:New',
      'registration:Registration:New',
      'contact:Advisor callback:New',
    ]);
    expect(p.leads.find((l) => l.kind === 'contact')?.lastTouch).toBe('google');
  });

  it('shows everything that happened with the person, newest first, and never an email body', async () => {
    const res = await call('GET', `/api/v1/admin/persons/${await personOf('contact', ashaContact)}`, { token });
    expect(res.text).not.toContain('SECRET-BODY-TEXT');
    expect(res.text).not.toContain('Not hers');
    const rows = (res.body.person as Person).timeline.map((e) => [e.at, e.kind, e.title, e.detail ?? '']);
    expect(rows).toEqual([
      ['2026-03-03T04:10:00.000Z', 'purchase', `Course purchased: ${courseTitle}`, '₹2,49,000'],
      ['2026-03-03T04:00:00.000Z', 'checkout', `Course checkout opened: ${courseTitle}`, '₹2,49,000'],
      ['2026-03-02T05:00:00.000Z', 'fee-payment', 'Registration fee paid: ₹8,500', 'AspiraDemy Hybrid'],
      ['2026-03-02T04:00:02.000Z', 'email', 'Email queued: Registration received', 'registration'],
      ['2026-03-02T04:00:00.000Z', 'registration', 'Registration', ''],
      ['2026-03-01T06:05:00.000Z', 'note', 'Note by Priya Nair', 'Wants the weekend batch'],
      ['2026-03-01T06:00:00.000Z', 'stage', 'Stage: New → Contacted by Priya Nair', 'Called, interested'],
      ['2026-03-01T04:00:05.000Z', 'email', 'Email sent: Your Aspira advisor will call you', 'advisor-confirmation'],
      ['2026-03-01T04:00:00.000Z', 'callback', 'Callback request (advisor dialog)', 'Data Analytics'],
    ]);
  });

  it('finds persons by name, email or phone digits', async () => {
    const asha = await personOf('contact', ashaContact);
    for (const q of ['asha.work', 'Rao', '98765 43210']) {
      const res = await call('GET', `/api/v1/admin/persons?q=${encodeURIComponent(q)}`, { token });
      expect(res.status).toBe(200);
      expect(
        res.body.persons.map((p: { id: string }) => p.id),
        q,
      ).toEqual([asha]);
    }
    expect((await call('GET', '/api/v1/admin/persons?q=ab', { token })).status).toBe(400);
  });

  it('refuses visitors, learners and bad ids', async () => {
    expect((await call('GET', '/api/v1/admin/persons/1')).status).toBe(401);
    expect((await call('GET', '/api/v1/admin/persons/1', { token: learnerToken })).status).toBe(403);
    const bad = await call('GET', '/api/v1/admin/persons/abc', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['A person id is a whole number']);
    expect((await call('GET', '/api/v1/admin/persons/999999', { token })).status).toBe(404);
    expect((await call('GET', '/api/v1/admin/persons/lookup?kind=contact&id=999999', { token })).status).toBe(404);
    expect((await call('GET', '/api/v1/admin/persons/lookup?kind=bogus&id=1', { token })).status).toBe(400);
  });
});

describe('merging persons', () => {
  it('merges two persons (one human, two emails), records it in the audit log, and undoes it', async () => {
    const asha = await personOf('contact', ashaContact);
    const other = await contact('asha.personal@gmail.com', '+919999988888', '2026-03-05T04:00:00Z', 'Asha', 'Second enquiry');
    const second = await personOf('contact', other);
    expect(second).not.toBe(asha);

    const res = await call('POST', `/api/v1/admin/persons/${asha}/merge`, {
      token,
      body: { otherId: second, reason: 'Same person, personal email' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const merged = res.body.person as Person;
    expect(merged.id).toBe(asha);
    expect(merged.leads.map((l) => l.id)).toContain(other);
    expect(merged.emails).toContain('asha.personal@gmail.com');
    expect(merged.timeline[0]).toMatchObject({
      kind: 'merge',
      title: `Person #${second} merged into #${asha} by Priya Nair`,
      detail: 'Same person, personal email',
    });
    // The merged id now opens the person it joined.
    const viaOld = await person(second);
    expect([viaOld.id, viaOld.requestedId]).toEqual([asha, second]);
    expect(await personOf('contact', other)).toBe(asha);
    const [audit] =
      await db.sql`select actor_id, actor_email, action, subject_kind, subject_id, details from admin_audit_log where action = 'person.merge'`;
    expect(audit).toMatchObject({
      actor_id: adminId,
      actor_email: 'persons-admin@aspira.example',
      subject_kind: 'person',
      subject_id: asha,
      details: { from: second, into: asha, mergeId: merged.merges[0]!.id, reason: 'Same person, personal email' },
    });

    // Merging again, with itself, or with nobody changes nothing.
    const before = await count(db, 'person_merges');
    expect((await call('POST', `/api/v1/admin/persons/${second}/merge`, { token, body: { otherId: asha } })).status).toBe(409);
    expect((await call('POST', `/api/v1/admin/persons/${asha}/merge`, { token, body: { otherId: '999999' } })).status).toBe(404);
    const unknownField = await call('POST', `/api/v1/admin/persons/${asha}/merge`, { token, body: { otherId: second, force: true } });
    expect([unknownField.status, unknownField.body.errors]).toEqual([400, ['Unknown field: force']]);
    expect((await call('POST', `/api/v1/admin/persons/${asha}/merge`, { token: learnerToken, body: { otherId: second } })).status).toBe(
      403,
    );
    expect(await count(db, 'person_merges')).toBe(before);

    const undo = await call('POST', `/api/v1/admin/persons/${asha}/merges/${merged.merges[0]!.id}/undo`, { token });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect((undo.body.person as Person).leads.map((l) => l.id)).not.toContain(other);
    expect(await personOf('contact', other)).toBe(second);
    const [undone] = await db.sql`select action, details from admin_audit_log where action = 'person.unmerge'`;
    expect(undone).toMatchObject({ details: { from: second, into: asha } });
    expect((await call('POST', `/api/v1/admin/persons/${asha}/merges/${merged.merges[0]!.id}/undo`, { token })).status).toBe(409);
  });

  it('a new lead sharing an email with one person and a phone with another joins them (automatic, recorded, not undoable)', async () => {
    const x = await personOf('contact', await contact('x1@example.com', '+919000000001', '2026-03-06T04:00:00Z', 'Xavier'));
    const y = await personOf('contact', await contact('y1@example.com', '+919000000002', '2026-03-06T05:00:00Z', 'Yash'));
    expect(x).not.toBe(y);
    // A registration: its phone is stored as typed.
    await db.sql`insert into registrations (id, email, name, phone, father_name, highschool_percent, motivation, access_token_hash, created_at)
                  values ('b6b6b6b6b6b6b6b6b6b6b6b6', 'x1@example.com', 'Xavier', '90000 00002', 'F', 70, 'keen', 'bridge-hash', '2026-03-06T06:00:00Z')`;
    expect(await personOf('registration', 'b6b6b6b6b6b6b6b6b6b6b6b6')).toBe(x);
    const joined = await person(y);
    expect(joined.id).toBe(x);
    expect(joined.leads).toHaveLength(3);
    const [merge] = await db.sql<{ id: string; actor_id: string | null }[]>`
      select id::text, actor_id from person_merges where from_person_id = ${y} and into_person_id = ${x}`;
    expect(merge?.actor_id).toBeNull();
    const undo = await call('POST', `/api/v1/admin/persons/${x}/merges/${merge!.id}/undo`, { token });
    expect([undo.status, undo.body.errors]).toEqual([409, 'An automatic merge (same email or phone) cannot be undone']);
  });
});
