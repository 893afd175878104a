/** Shared by the classes tests: a batch with its faculty and learners, and sessions made through the API. */
import { expect } from 'vitest';
import { createAccount, login } from '../../../netlify/lib/accounts/index.ts';
import { call, signupVerifiedLearner, testAccount, type TestDatabase, type TestLearner } from '../support/harness.ts';

export const DIGITAL_MARKETING = '6801c2a4f1e2b3c4d5e6fd57';

let staff = 0;

/** An admin with the faculty role, logged in. */
export async function facultyAccount(): Promise<{ token: string; id: string; email: string }> {
  staff++;
  const email = `faculty${staff}.${process.pid}@example.com`;
  const password = 'tests-are-fine-42';
  const created = await createAccount({
    role: 'admin',
    email,
    password,
    firstName: `Meera${staff}`,
    lastName: 'Iyer',
    adminRole: 'faculty',
  });
  const { token } = await login('admin', email, password, `198.51.120.${staff}`);
  return { token, id: created.id, email };
}

export const ownerAccount = () => testAccount('admin', 'owner', 'classes');

/** A batch of the Digital Marketing course, starting today, with these faculty. */
export async function makeBatch(db: TestDatabase, facultyIds: string[] = [], name = 'DM August'): Promise<string> {
  const [batch] = await db.sql<{ id: string }[]>`
    insert into batches (course_id, name, starts_on, ends_on, capacity)
    values (${DIGITAL_MARKETING}, ${name}, current_date - 30, current_date + 120, 30) returning id`;
  for (const id of facultyIds) await db.sql`insert into batch_faculty (batch_id, account_id) values (${batch!.id}, ${id})`;
  return batch!.id;
}

/** Gives the learner a seat in the batch (as an owner's manual placement does). */
export async function seat(db: TestDatabase, batchId: string, accountId: string): Promise<void> {
  await db.sql`insert into batch_seats (batch_id, account_id, source, status) values (${batchId}, ${accountId}, 'manual', 'taken')`;
}

export async function seatedLearner(db: TestDatabase, batchId: string): Promise<TestLearner> {
  const learner = await signupVerifiedLearner();
  await seat(db, batchId, learner.id);
  return learner;
}

export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export async function addSession(
  token: string,
  batchId: string,
  session: { kind?: 'live' | 'classroom' | 'deadline'; title?: string; startsAt: string; durationMinutes?: number; venue?: string },
): Promise<string> {
  const kind = session.kind ?? 'live';
  const body = {
    kind,
    title: session.title ?? `Session at ${session.startsAt}`,
    startsAt: session.startsAt,
    durationMinutes: session.durationMinutes ?? 60,
    ...(kind === 'classroom' ? { venue: session.venue ?? 'Room 4, Aspira Gurugram' } : {}),
  };
  const made = await call('POST', `/api/v1/admin/batches/${batchId}/sessions`, { token, body });
  expect(made.status, made.text).toBe(201);
  return made.body.id as string;
}

export const join = (token: string, sessionId: string) => call('GET', `/api/v1/learn/sessions/${sessionId}/join`, { token });
