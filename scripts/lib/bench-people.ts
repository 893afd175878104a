/**
 * The people the page bench visits as (docs/architecture.md, Budgets), made through the API of the
 * served site as a browser would make them: a learner who bought a course, registered and paid the
 * AspiraAdmit fee with the same email and enrolled in its fee plan (part 1 paid), in a batch with a
 * class held and a week of classes to come; a learner who has
 * not confirmed their email yet; an owner admin, who adds a course without a landing page of its
 * own. Each comes back as what a browser holds after logging in: the session cookie and the
 * display record in localStorage. Emails are read from the outbox (the local site keeps them).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import postgres from 'postgres';
import { ROOT } from './database.ts';

/** What a browser holds for one visitor: cookies on the site's origin and localStorage entries. */
export type Visit = { cookies: { name: string; value: string }[]; local: Record<string, string> };
export type Visitor = 'guest' | 'learner' | 'unconfirmed' | 'admin';

export type People = {
  visits: Record<Visitor, Visit>;
  /** A course with no landing page of its own (made by the admin), and one the learner has not bought. */
  newCourseId: string;
  buyCourseId: string;
  /** A live reset link's token (learner), the thank-you address of the paid registration, a person's id. */
  resetToken: string;
  successPath: string;
  personId: string;
  /** A batch with the learner on its roster, a session held and an attendance entry (the staff's batch screens). */
  batchId: string;
};

type Answer = Record<string, unknown> & { errors?: unknown };

function client(baseUrl: string) {
  return async function send(method: string, path: string, body?: unknown, token?: string, form?: FormData): Promise<Answer> {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers,
      body: form ?? (body === undefined ? null : JSON.stringify(body)),
    });
    const data = (await res.json().catch(() => ({}))) as Answer;
    if (!res.ok) throw new Error(`bench setup: ${method} ${path} answered ${res.status}: ${JSON.stringify(data.errors ?? data)}`);
    return data;
  };
}

/** The newest email of this tag to this address, from the outbox (waits for it a little). */
async function emailed(sql: postgres.Sql, to: string, tag: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [row] = await sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${to} and tag = ${tag} order by id desc limit 1`;
    const found = row?.text_body.match(pattern)?.[1];
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`bench setup: no ${tag} email for ${to}`);
}

function runCreateAdmin(databaseUrl: string, admin: { email: string; password: string }): Promise<void> {
  const args = ['--email', admin.email, '--first-name', 'Bench', '--last-name', 'Owner', '--password', admin.password];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'create-admin.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`create-admin exited with ${code}`))));
  });
}

const learnerVisit = (token: string, user: unknown): Visit => ({
  cookies: [{ name: 'aspira_session', value: token }],
  local: { 'aspira.user': JSON.stringify({ user }) },
});

export async function preparePeople(baseUrl: string, databaseUrl: string): Promise<People> {
  const send = client(baseUrl);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const stamp = Date.now().toString(36);
  const password = 'marigold river lanterns 7';
  try {
    // The learner: signs up, confirms the email (what its link does), logs in.
    const email = `bench.learner.${stamp}@example.com`;
    await send('POST', '/user/signup', { firstName: 'Asha', lastName: 'Verma', email, password });
    await sql`update accounts set email_verified_at = now() where role = 'user' and email = ${email}`;
    const login = await send('POST', '/user/login', { email, password });
    const token = String(login.token);
    await send('PUT', '/billing', { state: '06' }, token);

    // A course bought through the sandbox checkout.
    const { courses } = (await send('GET', '/course/courses')) as { courses: { _id: string }[] };
    const [bought, other] = courses;
    if (!bought || !other) throw new Error('bench setup: the catalogue needs two courses');
    const order = (await send('POST', `/course/buy/${bought._id}`, {}, token)) as { orderId: string };
    const { success: _paid, ...coursePayment } = await send('POST', '/payment/sandbox/pay', { orderId: order.orderId, outcome: 'success' });
    await send('POST', '/order', { courseId: bought._id, ...coursePayment }, token);

    // A registration with the same email, its AspiraAdmit fee paid.
    await send('POST', '/otp/send', { email });
    const otp = await emailed(sql, email, 'otp', /verification code is (\d{6})/);
    const { verificationToken } = await send('POST', '/otp/verify', { email, otp });
    const form = {
      ...{ name: 'Asha Verma', email, phone: '+91 98765 43210', fatherName: 'Ravi Verma', qualification: 'B.Com', highschool: '86.5' },
      ...{ university: '', sop: 'Marketing for schools.', experience: '', motivation: 'A career in marketing.', dateOfBirth: '1998-05-14' },
    };
    const { registrationToken } = await send('POST', '/user/register-unpaid', { ...form, verificationToken });
    const fee = (await send('POST', '/payment/create-order', { registrationToken, feeOption: 'admit', state: '06' })) as {
      order: { id: string };
    };
    const { success: _fee, ...feePayment } = await send('POST', '/payment/sandbox/pay', { orderId: fee.order.id, outcome: 'success' });
    const paid = (await send('POST', '/user/register-paid', { registrationToken, ...feePayment })) as {
      registration: { name: string; email: string; amount: number; programName: string; paymentId: string; invoice?: { pdfUrl: string } };
    };
    const { successUrl } = await import('../../src/shared/registration-fees.ts');

    // The AspiraAdmit fee plan, part 1 paid.
    const { plans } = (await send('GET', '/plans')) as { plans: { id: string; slug?: string; name?: string }[] };
    const plan = plans.find((p) => p.slug === 'aspiraadmit' || /admit/i.test(p.name ?? '')) ?? plans[0];
    if (!plan) throw new Error('bench setup: no fee plan is open');
    const { enrolment } = (await send('POST', `/plans/${plan.id}/enrol`, {}, token)) as { enrolment: { parts: { id: string }[] } };
    const part = enrolment.parts[0]!.id;
    const partOrder = (await send('POST', `/plans/parts/${part}/order`, {}, token)) as { orderId: string };
    const { success: _part, ...partPayment } = await send('POST', '/payment/sandbox/pay', {
      orderId: partOrder.orderId,
      outcome: 'success',
    });
    await send('POST', `/plans/parts/${part}/pay`, partPayment, token);

    // A learner who has not confirmed their email (logging in is allowed; account pages ask to confirm).
    const pendingEmail = `bench.pending.${stamp}@example.com`;
    await send('POST', '/user/signup', { firstName: 'Ravi', lastName: 'Kumar', email: pendingEmail, password });
    const pending = await send('POST', '/user/login', { email: pendingEmail, password });
    await send('POST', '/user/forgot-password', { email: pendingEmail });
    const resetToken = await emailed(sql, pendingEmail, 'reset-password', /token=([\w-]+)/);

    // The owner admin, and a course made in the admin (no landing page of its own).
    const admin = { email: `bench-owner-${stamp}@aspira.example`, password: 'saffron kite harbour 42' };
    await runCreateAdmin(databaseUrl, admin);
    const adminLogin = await send('POST', '/admin/login', admin);
    const adminToken = String(adminLogin.token);
    // As the admin login screen does: the record knows the role from the first screen on.
    const { adminRole } = await send('GET', '/admin/me', undefined, adminToken);
    const course = new FormData();
    course.set('title', 'Bench Course: Marketing Analytics');
    course.set('description', 'Measure campaigns, build dashboards and report what works. A course made in the admin.');
    course.set('price', '14999');
    course.set('duration', '6 weeks');
    course.set('image', new Blob([await readFile(join(ROOT, 'public', 'media', 'og.jpg'))], { type: 'image/jpeg' }), 'course.jpg');
    const created = (await send('POST', '/course/create', undefined, adminToken, course)) as { course: { _id: string } };
    const { persons } = (await send('GET', `/admin/persons?q=${encodeURIComponent(email)}`, undefined, adminToken)) as {
      persons: { id: string }[];
    };

    // A batch as the staff's screens show it: the learner enrolled, an in-class session held an hour
    // ago and the learner's attendance entered.
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const { id: batchId } = (await send(
      'POST',
      '/admin/batches',
      { name: 'Bench batch', programme: 'aspirademy', startsOn: day(-30), endsOn: day(120), capacity: 30, phases: [] },
      adminToken,
    )) as { id: string };
    await send('POST', `/admin/batches/${batchId}/enrol`, { email }, adminToken);
    const startsAt = new Date(Date.now() - 3600_000).toISOString();
    const lab = { kind: 'classroom', title: 'Bench lab', startsAt, durationMinutes: 90, venue: 'Room 1' };
    await send('POST', `/admin/batches/${batchId}/sessions`, lab, adminToken);
    const [held] = await sql<{ session_id: string; account_id: string }[]>`
      select s.id::text as session_id, a.id as account_id from class_sessions s, accounts a
      where s.batch_id = ${batchId} and a.role = 'user' and a.email = ${email}`;
    const entry = { sessionId: held!.session_id, accountId: held!.account_id, present: true, reason: 'Marked in class' };
    await send('POST', '/admin/attendance', entry, adminToken);
    // The rest of the learner's week (/learn shows it): live classes, a day in class, a deadline.
    const at = (days: number, hourUtc: number) => new Date(Date.parse(`${day(days)}T00:00:00Z`) + hourUtc * 3600_000).toISOString();
    for (const session of [
      { kind: 'live', title: 'Campaign measurement, live', startsAt: at(1, 13), durationMinutes: 90 },
      { kind: 'classroom', title: 'Dashboards workshop', startsAt: at(2, 5), durationMinutes: 120, venue: 'Aspira Centre, Hauz Khas' },
      { kind: 'live', title: 'Reporting what works, live', startsAt: at(3, 13), durationMinutes: 60 },
      { kind: 'deadline', title: 'Dashboard project due', startsAt: at(5, 18), durationMinutes: 0 },
    ])
      await send('POST', `/admin/batches/${batchId}/sessions`, session, adminToken);

    return {
      visits: {
        guest: { cookies: [], local: {} },
        learner: learnerVisit(token, login.user),
        unconfirmed: learnerVisit(String(pending.token), pending.user),
        admin: {
          cookies: [{ name: 'aspira_admin_session', value: adminToken }],
          local: { 'aspira.admin': JSON.stringify({ admin: { ...(adminLogin.admin as object), adminRole } }) },
        },
      },
      newCourseId: created.course._id,
      buyCourseId: other._id,
      resetToken,
      successPath: successUrl(paid.registration as Parameters<typeof successUrl>[0]),
      personId: persons[0]?.id ?? '',
      batchId,
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
