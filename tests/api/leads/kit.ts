/** Shared by the pipeline tests: admins with a role and a token, leads through the real forms. */
import { expect } from 'vitest';
import { createAccount, login } from '../../../netlify/lib/accounts/index.ts';
import { call, type TestDatabase } from '../support/harness.ts';
import { build } from '../../support/factories.ts';

let ipCounter = 0;
export const freshIp = () => {
  ipCounter++;
  return `10.77.${Math.floor(ipCounter / 256) % 256}.${ipCounter % 256}`;
};

export type TestAdmin = { id: string; email: string; token: string };

export async function makeAdmin(name: string, adminRole: 'owner' | 'counsellor'): Promise<TestAdmin> {
  const email = `${name.toLowerCase()}@aspira.example`;
  const account = await createAccount({ role: 'admin', email, password: 'admin-pass-123', firstName: name, lastName: 'Admin', adminRole });
  const { token } = await login('admin', email, 'admin-pass-123', freshIp());
  return { id: account.id, email, token };
}

/** A new session for an admin whose sessions ended (deactivated, then active again). */
export async function logInAgain(admin: TestAdmin): Promise<void> {
  admin.token = (await login('admin', admin.email, 'admin-pass-123', freshIp())).token;
}

/** An advisor callback through POST /user/contactus; answers the new lead's id. */
export async function submitAdvisorLead(db: TestDatabase, who: string, programme = ''): Promise<string> {
  const email = `${who.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const res = await call('POST', '/api/v1/user/contactus', {
    body: build.advisor({ Name: who, Number: '98100 42424', email, programme }),
    ip: freshIp(),
  });
  expect(res.status, res.text).toBe(201);
  const [row] = await db.sql<{ id: string }[]>`select id::text from contact_requests where email = ${email} order by id desc limit 1`;
  return row!.id;
}

export async function pipelineRow(db: TestDatabase, kind: string, id: string) {
  const [row] = await db.sql<
    {
      stage: string;
      owner_id: string | null;
      lost_reason: string | null;
      next_follow_up_at: Date | null;
      first_contacted_at: Date | null;
    }[]
  >`
    select stage, owner_id, lost_reason, next_follow_up_at, first_contacted_at from lead_pipeline where lead_kind = ${kind} and lead_id = ${id}`;
  return row;
}

export async function auditRows(db: TestDatabase, action?: string) {
  return db.sql<
    { actor_id: string; actor_email: string; action: string; subject_kind: string; subject_id: string; details: Record<string, unknown> }[]
  >`
    select actor_id, actor_email, action, subject_kind, subject_id, details from admin_audit_log
    where ${action ? db.sql`action = ${action}` : db.sql`true`} order by id`;
}
