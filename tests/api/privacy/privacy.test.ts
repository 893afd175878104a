/**
 * Privacy rights (DPDP Act): "Download my data", "Delete my account" and the owner admin's export
 * and erasure by email, through the real endpoints and a real database.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMAIL_BUCKETS, limitKey, recordConsent, db as serviceDb } from '../../../netlify/lib/platform/index.ts';
import { syncPersons } from '../../../netlify/lib/leads/index.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { adminAccount, INVITE, learnerAccount, paidRegistration, PASSWORD } from './kit.ts';
import { newEmail, nextIp } from '../registrations/kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });
const DM = '6801c2a4f1e2b3c4d5e6fd57'; // Digital Marketing, ₹2,49,000

let people = 0;
/** One lead of every kind, a paid registration, a paid course and a consent, all for `email`, named "Asha <surname>". */
async function personWithEverything(email: string, surname = `Verma${++people}x`) {
  const fullName = `Asha ${surname}`;
  const leads = [
    ['/api/v1/user/contactus', build.contact({ Name: fullName, Number: '98100 42424', email, comments: 'Which course suits me?' })],
    ['/api/v1/user/contactus', build.advisor({ Name: fullName, Number: '98100 42424', email, programme: 'Data Analytics' })],
    [
      '/api/v1/user/scholarship',
      build.scholarship({ name: fullName, email, phone: '09876543210', institute: 'Delhi University', message: 'Test please.' }),
    ],
    ['/api/v1/user/tank', { ...pitchBody(email), Name: fullName }],
  ] as const;
  for (const [path, body] of leads) {
    const res = await call('POST', path, { body, ip: nextIp() });
    expect(res.status, `${path} ${res.text}`).toBeLessThan(300);
  }
  const registration = await paidRegistration(db, email, fullName);
  const learner = await learnerAccount(db, email, { lastName: surname });
  const billing = await call('PUT', '/api/v1/billing', { token: learner.token, body: { state: '06' } });
  expect(billing.status, billing.text).toBe(200);
  const order = await call('POST', `/api/v1/course/buy/${DM}`, { token: learner.token });
  expect(order.status, order.text).toBeLessThan(300);
  const pay = await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: order.body.orderId, outcome: 'success' } });
  const { success: _s, ...result } = pay.body;
  const paid = await call('POST', '/api/v1/order', { token: learner.token, body: { courseId: DM, ...result } });
  expect(paid.status, paid.text).toBe(200);
  await serviceDb().begin((tx) => recordConsent(tx, { email, purpose: 'signup', subjectTable: 'accounts', subjectId: learner.id }));
  return { learner, registration, coursePaymentId: result.razorpay_payment_id as string, fullName };
}

function pitchBody(email: string) {
  return build.pitch({
    Name: 'Asha Verma',
    Number: '+91 98100 42424',
    email,
    location: 'Bengaluru',
    startupName: 'LearnLoop',
    stage: 'Idea stage',
    comments: 'Mentors wanted.',
    startupIdea: 'Adaptive practice.',
    problem: 'Drop-outs.',
    audience: 'Job seekers.',
    uvp: 'Bite-size practice.',
    usage: 'Mentoring.',
    team: 'Two founders.',
    vision: 'Job-ready in 90 days.',
    pitchDeckLink: 'https://docs.example.com/deck.pdf',
  });
}

/** Every (table, column) of text that holds `email` anywhere in the public schema, with its count. */
async function whereEmailLives(email: string): Promise<Record<string, number>> {
  const columns = await db.sql<{ table_name: string; column_name: string }[]>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.data_type in ('text', 'character varying', 'jsonb')`;
  const found: Record<string, number> = {};
  for (const { table_name, column_name } of columns) {
    const [row] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from ${db.sql(table_name)} where position(${email} in ${db.sql(column_name)}::text) > 0`;
    if (row!.n > 0) found[`${table_name}.${column_name}`] = row!.n;
  }
  return found;
}

describe('GET /api/v1/user/privacy/export', () => {
  it('needs a session', async () => {
    expect((await call('GET', '/api/v1/user/privacy/export')).status).toBe(401);
  });

  it('downloads one JSON file holding every kind of data about the person, and never a secret', async () => {
    const email = newEmail('export');
    const { learner, registration, coursePaymentId } = await personWithEverything(email);
    const res = await call('GET', '/api/v1/user/privacy/export', { token: learner.token });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="aspira-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const { data } = res.body;
    expect(res.body).toMatchObject({ email, privacyNoticeVersion: expect.any(String) });
    expect(data.account).toEqual([expect.objectContaining({ id: learner.id, email, first_name: 'Asha' })]);
    expect(data.registrations[0].name).toMatch(/^Asha Verma\d+x$/);
    expect(data.contactRequests.map((r: { source: string }) => r.source).sort()).toEqual(['advisor', 'contact']);
    expect(data.scholarshipApplications).toHaveLength(1);
    expect(data.startupPitches).toEqual([expect.objectContaining({ startup_name: 'LearnLoop' })]);
    expect(data.registrations).toEqual([expect.objectContaining({ id: registration.registrationId })]);
    expect(data.registrationPayments).toEqual([expect.objectContaining({ payment_id: registration.paymentId, status: 'paid' })]);
    expect(data.courseOrders).toEqual([expect.objectContaining({ course_id: DM, payment_id: coursePaymentId, status: 'paid' })]);
    expect(data.billingDetails).toEqual([expect.objectContaining({ state_code: '06' })]);
    expect(data.invoices.length).toBe(2); // the fee and the course
    expect(data.consents).toEqual(expect.arrayContaining([expect.objectContaining({ purpose: 'signup' })]));
    const tags = data.emails.map((e: { tag: string }) => e.tag);
    expect(tags).toEqual(expect.arrayContaining(['otp', 'registration-receipt']));
    expect(data.emails[0]).not.toHaveProperty('text_body');
    expect(res.text).not.toMatch(/password_hash|access_token_hash|code_hash|token_hash|text_body|html_body|\$argon2/);
    // The export itself is logged, and shows in the next export.
    const again = await call('GET', '/api/v1/user/privacy/export', { token: learner.token });
    expect(again.body.data.privacyRequests).toEqual([expect.objectContaining({ action: 'export', requested_by: 'self' })]);
    // Not from a link on another site.
    const foreign = await call('GET', '/api/v1/user/privacy/export', { token: learner.token, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(foreign.status).toBe(403);
  });

  it('gives an account whose email is not confirmed only the account: leads with that address may be someone else’s', async () => {
    const email = newEmail('unconfirmed');
    await call('POST', '/api/v1/user/contactus', {
      body: build.contact({ Name: 'Real Owner', Number: '98100 42424', email, comments: 'Mine' }),
      ip: nextIp(),
    });
    const { token, id } = await learnerAccount(db, email, { verified: false });
    const res = await call('GET', '/api/v1/user/privacy/export', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.account).toEqual([expect.objectContaining({ id })]);
    expect(res.body.data.contactRequests).toEqual([]);
    expect(res.body.data.emails).toEqual([]);
  });
});

describe('POST /api/v1/user/privacy/delete', () => {
  it('refuses bad input (400/415) and a wrong password, changing nothing', async () => {
    const email = newEmail('keep');
    const { token } = await learnerAccount(db, email);
    const bad = [
      await call('POST', '/api/v1/user/privacy/delete', { token, body: {} }),
      await call('POST', '/api/v1/user/privacy/delete', { token, body: { password: PASSWORD, extra: 1 } }),
      await call('POST', '/api/v1/user/privacy/delete', { token, rawBody: 'password=x', headers: { 'content-type': 'text/plain' } }),
      await call('POST', '/api/v1/user/privacy/delete', { token, body: { password: 'not-my-password' } }),
    ];
    expect(bad.map((r) => r.status)).toEqual([400, 400, 415, 400]);
    expect(bad[0]!.body.errors).toEqual(['password: Enter your password']);
    expect(bad[3]!.body.errors).toEqual(['password: The password is not correct']);
    expect(await count(db, `accounts where email = '${email}' and erased_at is null`)).toBe(1);
    expect(await count(db, "privacy_requests where action = 'erasure'")).toBe(0);
    expect((await call('GET', '/api/v1/user/me', { token })).status).toBe(200);
  });

  it('needs a session and refuses a request from another site', async () => {
    expect((await call('POST', '/api/v1/user/privacy/delete', { body: { password: PASSWORD } })).status).toBe(401);
    const { token } = await learnerAccount(db, newEmail('xsite'));
    const res = await call('POST', '/api/v1/user/privacy/delete', {
      token,
      body: { password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });

  it('erases the person everywhere, keeps the payment records with the name only there, ends every session and emails a confirmation', async () => {
    const email = newEmail('erase');
    const { learner, registration, coursePaymentId, fullName } = await personWithEverything(email);
    await syncPersons(); // the admin's persons now know this email and phone
    expect(await count(db, `person_identities where value = '${email}'`)).toBe(1);
    const otherDevice = await call('POST', '/api/v1/user/login', { body: { email, password: PASSWORD }, ip: nextIp() });
    expect(otherDevice.status).toBe(200);
    const res = await call('POST', '/api/v1/user/privacy/delete', { token: learner.token, body: { password: PASSWORD } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toMatch(/deleted/);
    expect(res.headers.get('set-cookie')).toMatch(/aspira_session=;.*Max-Age=0/);
    expect(res.body.summary).toMatchObject({ contactRequests: 2, scholarshipApplications: 1, startupPitches: 1, account: 1 });

    // Sessions end: this device and the other one.
    expect((await call('GET', '/api/v1/user/me', { token: learner.token })).status).toBe(401);
    expect((await call('GET', '/api/v1/user/me', { token: otherDevice.body.token })).status).toBe(401);
    expect((await call('POST', '/api/v1/user/login', { body: { email, password: PASSWORD }, ip: nextIp() })).status).toBe(401);

    // The address survives only in the confirmation email on its way out, also after the persons catch up.
    await syncPersons();
    expect(await whereEmailLives(email)).toEqual({ 'email_outbox.to_address': 1 });
    const [mail] = await db.sql`select subject, tag, text_body from email_outbox where to_address = ${email}`;
    expect(mail).toMatchObject({ tag: 'privacy-erasure', subject: 'Your Aspira account has been deleted' });
    expect(mail!.text_body).toMatch(/payments you made/);
    // The name stays only on the payment records (and the invoices, where the site issues them).
    const nameLives = Object.keys(await whereEmailLives(fullName)).filter((place) => !place.startsWith('invoices.'));
    expect(nameLives.sort()).toEqual(['course_orders.buyer_name', 'registration_payments.payer_name']);

    // Payment records kept (tax law), with the name.
    const [fee] = await db.sql`select payment_id, payer_name, amount_paise, status from registration_payments
                               where registration_id = ${registration.registrationId}`;
    expect(fee).toMatchObject({ payment_id: registration.paymentId, payer_name: fullName, status: 'paid' });
    const [course] = await db.sql`select payment_id, buyer_name, status from course_orders where payment_id = ${coursePaymentId}`;
    expect(course).toMatchObject({ buyer_name: fullName, status: 'paid' });
    const [shell] =
      await db.sql`select name, phone, sop, motivation, erased_at from registrations where id = ${registration.registrationId}`;
    expect(shell).toMatchObject({ name: 'Erased', phone: 'erased-', sop: '' });
    expect(shell!.erased_at).not.toBeNull();

    // Logged with a keyed hash, never the address.
    const [logged] = await db.sql`select action, requested_by, email_hash from privacy_requests where action = 'erasure'
                                  order by id desc limit 1`;
    expect(logged).toMatchObject({ action: 'erasure', requested_by: 'self' });
    expect(logged!.email_hash).toMatch(/^[0-9a-f]{64}$/);

    // The same address can start over: a new account sees no old application.
    const again = await learnerAccount(db, email);
    const applications = await call('GET', '/api/v1/user/applications', { token: again.token });
    expect(applications.body.applications).toEqual([]);
  });
});

describe('admin privacy requests (owners only)', () => {
  it('answers 401 without a session and 403 to a counsellor or a learner, changing nothing', async () => {
    const email = newEmail('protected');
    await learnerAccount(db, email);
    const counsellor = await adminAccount(db, newEmail('counsellor'), 'counsellor');
    const learner = await learnerAccount(db, newEmail('nosy'));
    const calls = (token?: string) => [
      call('POST', '/api/v1/admin/privacy/export', { token, body: { email } }),
      call('POST', '/api/v1/admin/privacy/erase', { token, body: { email, confirm: 'ERASE' } }),
      call('GET', '/api/v1/admin/privacy/requests', { token }),
    ];
    expect((await Promise.all(calls())).map((r) => r.status)).toEqual([401, 401, 401]);
    expect((await Promise.all(calls(counsellor.token))).map((r) => r.status)).toEqual([403, 403, 403]);
    expect((await Promise.all(calls(learner.token))).map((r) => r.status)).toEqual([403, 403, 403]);
    expect(await count(db, `accounts where email = '${email}'`)).toBe(1);
  });

  it('refuses a bad email or a missing confirmation (400), erasing nothing', async () => {
    const owner = await adminAccount(db, newEmail('owner-a'));
    const email = newEmail('safe');
    await learnerAccount(db, email);
    const before = await count(db, 'privacy_requests');
    const bad = await Promise.all([
      call('POST', '/api/v1/admin/privacy/export', { token: owner.token, body: { email: 'not-an-email' } }),
      call('POST', '/api/v1/admin/privacy/erase', { token: owner.token, body: { email } }),
      call('POST', '/api/v1/admin/privacy/erase', { token: owner.token, body: { email, confirm: 'erase it' } }),
      call('POST', '/api/v1/admin/privacy/erase', { token: owner.token, body: { email, confirm: 'ERASE', all: true } }),
    ]);
    expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(bad[0]!.body.errors).toEqual(['email: Enter a valid email address']);
    expect(bad[2]!.body.errors).toEqual(['confirm: Type ERASE to confirm']);
    expect(await count(db, `accounts where email = '${email}'`)).toBe(1);
    expect(await count(db, 'privacy_requests')).toBe(before);
  });

  it('an owner exports and erases a requester by email; both are logged with who, when and what, and listed', async () => {
    const owner = await adminAccount(db, newEmail('owner-b'));
    const email = newEmail('requester');
    const { learner } = await personWithEverything(email);

    const exported = await call('POST', '/api/v1/admin/privacy/export', { token: owner.token, body: { email: email.toUpperCase() } });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(exported.body.data.startupPitches).toHaveLength(1);
    expect(exported.body.data.account).toHaveLength(1);

    await syncPersons();
    const erased = await call('POST', '/api/v1/admin/privacy/erase', { token: owner.token, body: { email, confirm: 'ERASE' } });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body.summary).toMatchObject({ account: 1, contactRequests: 2 });
    expect((await call('GET', '/api/v1/user/me', { token: learner.token })).status).toBe(401);
    expect(await whereEmailLives(email)).toEqual({ 'email_outbox.to_address': 1 });

    const list = await call('GET', '/api/v1/admin/privacy/requests', { token: owner.token });
    expect(list.status).toBe(200);
    const mine = list.body.requests.filter((r: { adminName: string }) => r.adminName === 'Meera Iyer');
    expect(mine.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'erasure', requestedBy: 'admin', summary: expect.objectContaining({ account: 1 }) }),
      expect.objectContaining({ action: 'export', requestedBy: 'admin' }),
    ]);
    expect(mine[0].emailHash).toBe(mine[1].emailHash);
    expect(list.text).not.toContain(email);
    // The admin audit log has both too, without the address.
    const audit = await db.sql`select action, subject_kind, details from admin_audit_log
                               where action like 'privacy.%' and details->>'emailHash' = ${mine[0].emailHash} order by id`;
    expect(audit.map((a) => a.action)).toEqual(['privacy.export', 'privacy.erasure']);
    expect(JSON.stringify(audit)).not.toContain(email);

    const nothing = await call('POST', '/api/v1/admin/privacy/erase', {
      token: owner.token,
      body: { email: newEmail('nobody'), confirm: 'ERASE' },
    });
    expect(nothing.status).toBe(200);
    expect(nothing.body.message).toMatch(/Nothing was held/);
  });
});

describe('erasure leaves nothing of the person in staff free text or rate-limit keys', () => {
  it('clears what staff typed about the person (merge reason, loss reason) and keeps the record of what was done', async () => {
    const owner = await adminAccount(db, newEmail('owner-c'));
    const email = newEmail('asha-rao');
    const { fullName } = await personWithEverything(email, 'Rao');
    const other = await call('POST', '/api/v1/user/contactus', {
      body: build.contact({ Name: fullName, Number: '91234 56780', email: newEmail('asha-second'), comments: 'Second address' }),
      ip: nextIp(),
    });
    expect(other.status, other.text).toBeLessThan(300);
    await syncPersons();
    const [first] = await db.sql<{ id: string }[]>`select id::text from contact_requests where email = ${email} order by id limit 1`;
    const [second] = await db.sql<{ id: string }[]>`select id::text from contact_requests where comments = 'Second address'`;
    const personOf = async (id: string) =>
      (await call('GET', `/api/v1/admin/persons/lookup?kind=contact&id=${id}`, { token: owner.token })).body.id as string;
    const into = await personOf(first!.id);
    const merge = await call('POST', `/api/v1/admin/persons/${into}/merge`, {
      token: owner.token,
      body: { otherId: await personOf(second!.id), reason: `${fullName} uses two addresses` },
    });
    expect(merge.status, merge.text).toBe(200);
    const lost = await call('POST', `/api/v1/admin/pipeline/contact/${first!.id}/stage`, {
      token: owner.token,
      body: { stage: 'lost', lostReason: `${fullName} chose another institute` },
    });
    expect(lost.status, lost.text).toBe(200);
    const mentions = async () => ({
      merges: (await db.sql`select id from person_merges where reason like ${`%${fullName}%`}`).length,
      audit: (await db.sql`select id from admin_audit_log where details::text like ${`%${fullName}%`}`).length,
    });
    expect(await mentions()).toEqual({ merges: 1, audit: 2 });

    const erased = await call('POST', '/api/v1/admin/privacy/erase', { token: owner.token, body: { email, confirm: 'ERASE' } });
    expect(erased.status, erased.text).toBe(200);
    expect(await mentions()).toEqual({ merges: 0, audit: 0 });
    // What was done stays on record, without the words.
    const kept = await db.sql<{ action: string }[]>`
      select action from admin_audit_log where action in ('person.merge', 'lead.stage') and subject_id in (${into}, ${first!.id})`;
    expect(kept.map((r) => r.action).sort()).toEqual(['lead.stage', 'person.merge']);
  });

  it('keys the per-email counters with the site secret (a guessed address cannot be confirmed) and purges them', async () => {
    const owner = await adminAccount(db, newEmail('owner-d'));
    const email = newEmail('counted');
    await personWithEverything(email);
    const plain = EMAIL_BUCKETS.map((bucket) => `${bucket}:${createHash('sha256').update(email).digest('hex').slice(0, 32)}`);
    const keyed = EMAIL_BUCKETS.map((bucket) => limitKey(bucket, email));
    const rows = async (keys: string[]) => (await db.sql`select key from rate_limits where key in ${db.sql(keys)}`).length;
    expect(await rows(plain)).toBe(0);
    expect(await rows(keyed)).toBeGreaterThanOrEqual(3);

    const erased = await call('POST', '/api/v1/admin/privacy/erase', { token: owner.token, body: { email, confirm: 'ERASE' } });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body.summary.rateLimitCounters).toBeGreaterThanOrEqual(3);
    expect(await rows(keyed)).toBe(0);
  });
});
