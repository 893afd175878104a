/**
 * Privacy rights (DPDP Act): "Download my data" and "Delete my account" for a learner, and the same
 * export and erasure for an owner admin acting on a requester's email. What each table gives and
 * loses is in privacy-coverage.ts; this module resolves whose data it is, runs the list in one
 * transaction, logs the request and writes the confirmation email.
 */
import { createHmac } from 'node:crypto';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/consent.ts';
import type { ErasureAnswer, PrivacyRequestDto, PrivacySummary } from '../../../src/shared/privacy.ts';
import { recordAdminAction, db, type Tx, env, HttpError, log, rateLimit } from '../platform/index.ts';
import { verifyPassword, type Session } from '../auth/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { erasureConfirmationEmail } from './emails.ts';
import { holdErasureLocks, PERSONAL_DATA, type Subject } from './catalogue.ts';
import { eraseEnquiry } from './retention-erasers.ts';

const MINUTE = 60;
export const PRIVACY_LIMITS = {
  exportPerAccount: { limit: 10, windowSeconds: 60 * MINUTE },
  deletePerAccount: { limit: 5, windowSeconds: 15 * MINUTE },
  adminPerAccount: { limit: 60, windowSeconds: 60 * MINUTE },
} as const;

/** Keyed, so the log cannot be turned back into addresses by hashing a list of them. */
export function emailHash(email: string): string {
  return createHmac('sha256', env().jwtSecret).update(`privacy-email:${email.toLowerCase()}`).digest('hex');
}

/** Whose data; rows matched by email alone count only when the email is proven theirs. */
function subject(email: string, accountIds: string[], byEmail: boolean): Subject {
  return { email, emailHash: emailHash(email), accountIds, byEmail, provenEmails: byEmail ? [email] : [] };
}

type Actor = { kind: 'self' } | { kind: 'parent' } | { kind: 'admin'; accountId: string; email: string };

export type DataExport = {
  exportedAt: string;
  email: string;
  privacyNoticeVersion: string;
  note: string;
  data: Record<string, unknown[]>;
};

async function logRequest(tx: Tx, action: 'export' | 'erasure', subject: Subject, actor: Actor, summary: PrivacySummary) {
  const [row] = await tx<{ id: string }[]>`
    insert into privacy_requests (action, email_hash, requested_by, admin_account_id, summary)
    values (${action}, ${subject.emailHash}, ${actor.kind}, ${actor.kind === 'admin' ? actor.accountId : null}, ${tx.json(summary)})
    returning id::text as id`;
  // An admin's request also joins the admin audit log, with the same facts (never the email).
  if (actor.kind === 'admin') {
    await recordAdminAction(tx, {
      actor: { accountId: actor.accountId, email: actor.email },
      action: `privacy.${action}`,
      subjectKind: 'privacy-request',
      subjectId: row!.id,
      details: { emailHash: subject.emailHash, rows: summary },
    });
  }
}

/** The list's entries whose table exists in this database (a table another release adds may not yet). */
async function coverageOf(tx: Tx) {
  const rows = await tx<{ name: string }[]>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'`;
  const present = new Set(rows.map((r) => r.name));
  return Object.entries(PERSONAL_DATA)
    .filter(([table]) => present.has(table))
    .map(([, entry]) => entry);
}

async function exportSubject(subject: Subject, actor: Actor): Promise<DataExport> {
  return db().begin(async (tx) => {
    const data: Record<string, unknown[]> = {};
    const summary: PrivacySummary = {};
    for (const coverage of await coverageOf(tx)) {
      const rows = await coverage.export(tx, subject);
      data[coverage.label] = [...rows];
      summary[coverage.label] = rows.length;
    }
    await logRequest(tx, 'export', subject, actor, summary);
    return {
      exportedAt: new Date().toISOString(),
      email: subject.email,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      note: 'Everything Aspira holds about this email address. Email bodies are left out; passwords are stored only as one-way hashes and are not included.',
      data,
    };
  });
}

/** `first` runs in the same transaction before the erasure (a parent's refusal is recorded with it). */
async function eraseSubject(subject: Subject, actor: Actor, first?: (tx: Tx) => Promise<void>): Promise<PrivacySummary> {
  const summary = await db().begin(async (tx) => {
    await holdErasureLocks(tx);
    await first?.(tx);
    const counts: PrivacySummary = {};
    for (const coverage of await coverageOf(tx)) {
      if (typeof coverage.erase === 'function') counts[coverage.label] = await coverage.erase(tx, subject);
    }
    const touched = Object.values(counts).some((n) => n > 0);
    await logRequest(tx, 'erasure', subject, actor, counts);
    // A parent's refusal is answered on the parent's page; the child is not written to.
    if (touched && actor.kind !== 'parent') {
      const email = erasureConfirmationEmail({ hadAccount: subject.accountIds.length > 0 });
      await enqueueEmail(tx, { to: subject.email, ...email, tag: 'privacy-erasure', toVisitor: !subject.byEmail });
    }
    return counts;
  });
  log.info('personal data erased', { requestedBy: actor.kind, summary });
  return summary;
}

function selfSubject(session: Session): Subject {
  return subject(session.email, [session.accountId], session.emailVerified);
}

async function subjectByEmail(email: string): Promise<Subject> {
  const accounts = await db()<{ id: string }[]>`select id from accounts where role = 'user' and email = ${email} and erased_at is null`;
  return subject(
    email,
    accounts.map((a) => a.id),
    true,
  );
}

/** GET /user/privacy/export: the learner's own data. An unconfirmed email gets only its account. */
export async function exportOwnData(session: Session): Promise<DataExport> {
  await rateLimit({ bucket: 'privacy-export', key: session.accountId, ...PRIVACY_LIMITS.exportPerAccount });
  return exportSubject(selfSubject(session), { kind: 'self' });
}

/** POST /user/privacy/delete: the password again, then erasure; every session of the account ends. */
export async function deleteOwnAccount(session: Session, password: string): Promise<ErasureAnswer> {
  await rateLimit({ bucket: 'privacy-delete', key: session.accountId, ...PRIVACY_LIMITS.deletePerAccount });
  const [row] = await db()<{ password_hash: string }[]>`select password_hash from accounts where id = ${session.accountId}`;
  if (!(await verifyPassword(row?.password_hash, password))) throw new HttpError(400, ['password: The password is not correct']);
  const summary = await eraseSubject(selfSubject(session), { kind: 'self' });
  return { message: 'Your account has been deleted. We have emailed you a confirmation.', summary };
}

/** POST /admin/privacy/export (owners): a requester's data, by email. */
export async function adminExport(admin: Session, email: string): Promise<DataExport> {
  await rateLimit({ bucket: 'privacy-admin', key: admin.accountId, ...PRIVACY_LIMITS.adminPerAccount });
  return exportSubject(await subjectByEmail(email), { kind: 'admin', accountId: admin.accountId, email: admin.email });
}

/** POST /admin/privacy/erase (owners): a requester's erasure, by email, after the typed confirmation. */
export async function adminErase(admin: Session, email: string): Promise<ErasureAnswer> {
  await rateLimit({ bucket: 'privacy-admin', key: admin.accountId, ...PRIVACY_LIMITS.adminPerAccount });
  const summary = await eraseSubject(await subjectByEmail(email), { kind: 'admin', accountId: admin.accountId, email: admin.email });
  const total = Object.values(summary).reduce((a, b) => a + b, 0);
  return {
    message:
      total > 0 ? 'Erased. The requester has been emailed a confirmation.' : 'Nothing was held for this email. The request was logged.',
    summary,
  };
}

/**
 * A parent refused consent (DPDP Act s.9, Rules r.10): the child's data is erased in the
 * transaction that records the refusal. The child's email was proven by its one-time code.
 */
export async function eraseRefusedChild(childEmail: string, recordRefusal: (tx: Tx) => Promise<void>): Promise<PrivacySummary> {
  return eraseSubject(await subjectByEmail(childEmail), { kind: 'parent' }, recordRefusal);
}

/** A parent refused consent for a child's account: the account and what hangs on it go (its address may be unproven). */
export async function eraseRefusedAccount(
  childEmail: string,
  accountId: string,
  recordRefusal: (tx: Tx) => Promise<void>,
): Promise<PrivacySummary> {
  return eraseSubject(subject(childEmail, [accountId], false), { kind: 'parent' }, async (tx) => {
    await recordRefusal(tx);
    await tx`delete from consents where subject_table = 'accounts' and subject_id = ${accountId}`;
    await tx`delete from parental_consents where subject_table = 'accounts' and subject_id = ${accountId}`;
  });
}

/**
 * A parent refused consent for a child's enquiry: only that enquiry goes (its address was typed,
 * never proven, so nothing else found by it may be erased), logged like any erasure.
 */
export async function eraseRefusedEnquiry(
  childEmail: string,
  lead: { table: string; id: string },
  recordRefusal: (tx: Tx) => Promise<void>,
): Promise<PrivacySummary> {
  return db().begin(async (tx) => {
    await holdErasureLocks(tx);
    await recordRefusal(tx);
    const { enquiries, pipelineRecords } = await eraseEnquiry(tx, lead);
    const consents = (await tx`delete from consents where subject_table = ${lead.table} and subject_id = ${lead.id}`).count;
    const requests = (await tx`delete from parental_consents where subject_table = ${lead.table} and subject_id = ${lead.id}`).count;
    // Named as the log shows them: the enquiry itself, apart from its lead rows (docs/architecture.md, Children).
    const counts: PrivacySummary = { enquiries, enquiryPipelineRecords: pipelineRecords, consents, parentalConsents: requests };
    await logRequest(tx, 'erasure', subject(childEmail, [], false), { kind: 'parent' }, counts);
    return counts;
  });
}

/** GET /admin/privacy/requests (owners): the log, newest first. */
export async function listPrivacyRequests(): Promise<PrivacyRequestDto[]> {
  const rows = await db()<
    {
      id: string;
      action: 'export' | 'erasure';
      requested_by: 'self' | 'admin' | 'parent';
      admin_name: string | null;
      email_hash: string;
      summary: PrivacySummary;
      created_at: Date;
    }[]
  >`
    select r.id::text, r.action, r.requested_by, r.email_hash, r.summary, r.created_at,
      coalesce(nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), ''), a.email) as admin_name
    from privacy_requests r left join accounts a on a.id = r.admin_account_id
    order by r.created_at desc, r.id desc limit 200`;
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    requestedBy: r.requested_by,
    adminName: r.admin_name,
    emailHash: r.email_hash,
    summary: r.summary,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The download's file name: no email in it (it lands in a downloads folder and browser history). */
export function exportFileName(): string {
  return `aspira-my-data-${new Date().toISOString().slice(0, 10)}.json`;
}
