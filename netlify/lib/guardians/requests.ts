/**
 * A parent's consent for a child (DPDP Act s.9(1), DPDP Rules 2025 r.10). A form that finds the
 * person under 18 calls requestParentConsent in the transaction that stores the child's row: one
 * request row (only the link's hash) and an email to the parent with a single-use link. The parent
 * confirms or refuses on /parent-consent; until then the child's row waits (parentConsentStatus).
 */
import { createHash, randomBytes } from 'node:crypto';
import { PARENT_LINK_DAYS, PARENT_SAME_MAILBOX, type ParentConsentStatus } from '../../../src/shared/minors.ts';
import { sameMailbox } from '../../../src/shared/mailbox.ts';
import type { NoticeLanguage } from '../../../src/shared/consent.ts';
import { db, type Db, HttpError, siteUrl } from '../platform/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { parentConsentEmail, type ConsentFor } from './emails.ts';

export type GuardianSubject = { table: string; id: string };
export type Guardian = { name: string; email: string; phone: string };

const tokenHash = (token: string) => createHash('sha256').update(`parent-consent:${token}`).digest('hex');

/** Asks the parent (again, for a child who submits again: a new link, the old one dies). */
export async function requestParentConsent(
  tx: Db,
  input: { subject: GuardianSubject; child: { email: string; name: string }; parent: Guardian; language: NoticeLanguage; what: ConsentFor },
): Promise<void> {
  // The forms check it first; here too, so no caller can send the link to the child's own inbox.
  if (sameMailbox(input.parent.email, input.child.email)) throw new HttpError(400, [`parentEmail: ${PARENT_SAME_MAILBOX}`]);
  const token = randomBytes(32).toString('base64url');
  await tx`
    insert into parental_consents (subject_table, subject_id, child_email, child_name, parent_name, parent_email, parent_phone,
                                   language, token_hash, expires_at)
    values (${input.subject.table}, ${input.subject.id}, ${input.child.email.toLowerCase()}, ${input.child.name}, ${input.parent.name},
            ${input.parent.email.toLowerCase()}, ${input.parent.phone}, ${input.language}, ${tokenHash(token)},
            now() + make_interval(days => ${PARENT_LINK_DAYS}))
    on conflict (subject_table, subject_id) do update set
      child_email = excluded.child_email, child_name = excluded.child_name, parent_name = excluded.parent_name,
      parent_email = excluded.parent_email, parent_phone = excluded.parent_phone, language = excluded.language,
      token_hash = excluded.token_hash, expires_at = excluded.expires_at, requested_at = now(),
      status = 'awaiting', decided_at = null, decided_by_email = null, decided_link = null`;
  const link = siteUrl(`/parent-consent?t=${encodeURIComponent(token)}`);
  const email = parentConsentEmail({
    parentName: input.parent.name,
    childName: input.child.name,
    what: input.what,
    link,
    language: input.language,
  });
  await enqueueEmail(tx, { to: input.parent.email, ...email, tag: 'parent-consent', secret: true, toVisitor: true });
}

/** Where the parent's consent stands for this row ('not-needed' when nobody asked: an adult). */
export async function parentConsentStatus(tx: Db, subject: GuardianSubject): Promise<ParentConsentStatus> {
  const [row] = await tx<{ status: 'awaiting' | 'given' | 'refused' }[]>`
    select status from parental_consents where subject_table = ${subject.table} and subject_id = ${subject.id}`;
  return row?.status ?? 'not-needed';
}

/** 403 while a parent has not confirmed: nothing beyond reaching the parent happens until then. */
export async function requireParentConsent(subject: GuardianSubject): Promise<void> {
  const status = await parentConsentStatus(db(), subject);
  const what = subject.table === 'registrations' ? 'This registration' : 'Your account';
  if (status === 'awaiting' || status === 'refused')
    throw new HttpError(403, `${what} is waiting for your parent's or guardian's consent. We emailed them a link to confirm.`);
}

export type ParentConsentView = {
  childName: string;
  parentName: string;
  status: 'awaiting' | 'given' | 'refused';
  language: NoticeLanguage;
};

type Row = {
  id: string;
  subject_table: string;
  subject_id: string;
  child_email: string;
  child_name: string;
  parent_name: string;
  parent_email: string;
  status: 'awaiting' | 'given' | 'refused';
  language: NoticeLanguage;
  expired: boolean;
};

/** A link whose parent refused: the refusal erased its row, this answers it (null: not refused). */
async function refusedLink(tx: Db, token: string): Promise<{ language: NoticeLanguage } | null> {
  const [row] = await tx<
    { language: NoticeLanguage }[]
  >`select language from parental_refused_links where token_hash = ${tokenHash(token)}`;
  return row ?? null;
}

async function byToken(tx: Db, token: string, lock: boolean): Promise<Row> {
  const [row] = await tx<Row[]>`
    select id::text, subject_table, subject_id, child_email, child_name, parent_name, parent_email, status, language,
           expires_at <= now() as expired
    from parental_consents where token_hash = ${tokenHash(token)} ${lock ? tx`for update` : tx``}`;
  // One answer for a forged link and one whose child was erased: nothing to tell either way.
  if (!row) throw new HttpError(404, 'This link is not valid. It may have been replaced by a newer one.');
  if (row.status === 'awaiting' && row.expired)
    throw new HttpError(410, 'This link has expired. Your child can register again to send you a new one.');
  return row;
}

/** GET /parent-consent: what the parent is asked (the child's name only, never their details). */
export async function parentConsentView(token: string): Promise<ParentConsentView> {
  const refused = await refusedLink(db(), token);
  if (refused) return { childName: '', parentName: '', status: 'refused', language: refused.language };
  const row = await byToken(db(), token, false);
  return { childName: row.child_name, parentName: row.parent_name, status: row.status, language: row.language };
}

/** The child and row of a link still awaiting an answer (null: decided, expired, or not ours). */
export async function awaitingRequest(token: string): Promise<{ childEmail: string; subject: GuardianSubject } | null> {
  const [row] = await db()<{ child_email: string; subject_table: string; subject_id: string }[]>`
    select child_email, subject_table, subject_id from parental_consents
    where token_hash = ${tokenHash(token)} and status = 'awaiting' and expires_at > now()`;
  return row ? { childEmail: row.child_email, subject: { table: row.subject_table, id: row.subject_id } } : null;
}

export type ParentDecision = { subject: GuardianSubject | null; childEmail: string | null; status: 'given' | 'refused' };

/**
 * Records the parent's answer once (a second click answers what was decided, changes nothing):
 * who (the parent's address the link went to), when, and which link (the first 16 hex of its hash).
 */
export async function recordParentDecision(tx: Db, token: string, decision: 'given' | 'refused'): Promise<ParentDecision> {
  if (await refusedLink(tx, token)) return { subject: null, childEmail: null, status: 'refused' };
  const row = await byToken(tx, token, true);
  const subject = { table: row.subject_table, id: row.subject_id };
  if (row.status !== 'awaiting') return { subject, childEmail: row.child_email, status: row.status };
  // A request asked before aliases were refused: a consent from the child's own inbox proves nothing.
  if (decision === 'given' && sameMailbox(row.parent_email, row.child_email))
    throw new HttpError(
      409,
      "This link went to the child's own mailbox, so it cannot confirm. Your child can register again with your own email.",
    );
  await tx`update parental_consents set status = ${decision}, decided_at = now(), decided_by_email = ${row.parent_email},
             decided_link = ${tokenHash(token).slice(0, 16)} where id = ${row.id}`;
  if (decision === 'refused') {
    await tx`insert into parental_refused_links (token_hash, language) values (${tokenHash(token)}, ${row.language}) on conflict do nothing`;
  }
  return { subject, childEmail: row.child_email, status: decision };
}

/** The parent to contact for a child's lead (the pipeline shows it instead of the child), or null for an adult; `sql` a caller's transaction. */
export async function parentContact(
  subject: GuardianSubject,
  sql: Db = db(),
): Promise<{ name: string; email: string; phone: string; consent: 'awaiting' | 'given' } | null> {
  const [row] = await sql<{ parent_name: string; parent_email: string; parent_phone: string; status: 'awaiting' | 'given' | 'refused' }[]>`
    select parent_name, parent_email, parent_phone, status from parental_consents
    where subject_table = ${subject.table} and subject_id = ${subject.id}`;
  if (!row || row.status === 'refused') return null;
  return { name: row.parent_name, email: row.parent_email, phone: row.parent_phone, consent: row.status };
}
