/**
 * Who may touch a registration's documents: the applicant (a learner whose CONFIRMED email is the
 * registration's, as in My applications) and the team: owners every registration, a counsellor only
 * the registrations whose lead they own.
 */
import type { Session } from '../auth/index.ts';
import { CLOSED_STAGES, type Stage } from '../../../src/shared/pipeline.ts';
import { db, type Db, HttpError } from '../platform/index.ts';

export type RegistrationContext = {
  id: string;
  email: string;
  name: string;
  feeOption: string | null;
  stage: Stage | null;
  ownerId: string | null;
  closed: boolean;
};

export const NO_SUCH_REGISTRATION = 'No such application';
export const OWN_LEADS_ONLY = 'You can see the documents of your own leads only';

export async function registrationContext(id: string, sql: Db = db(), lock = false): Promise<RegistrationContext | null> {
  const [row] = await sql<
    { id: string; email: string; name: string; fee_option: string | null; stage: Stage | null; owner_id: string | null }[]
  >`
    select r.id, r.email, r.name, ls.stage, ls.owner_id,
      (select fee_option from registration_payments where registration_id = r.id
       order by (status = 'paid') desc, created_at desc limit 1) as fee_option
    from registrations r
    left join lead_stages ls on ls.lead_kind = 'registration' and ls.lead_id = r.id
    where r.id = ${id} and r.erased_at is null
    ${lock ? sql`for update of r` : sql``}`;
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    feeOption: row.fee_option,
    stage: row.stage,
    ownerId: row.owner_id,
    closed: !!row.stage && CLOSED_STAGES.includes(row.stage),
  };
}

/** The applicant's own registration, else 404 (another person's is not told apart from none). */
export async function applicantRegistration(session: Session, id: string, sql: Db = db(), lock = false): Promise<RegistrationContext> {
  const found = session.emailVerified ? await registrationContext(id, sql, lock) : null;
  if (!found || found.email !== session.email.toLowerCase()) throw new HttpError(404, NO_SUCH_REGISTRATION);
  return found;
}

/** A registration a team member may review: owners all, counsellors their own leads (403 otherwise). */
export async function reviewerRegistration(admin: Session, id: string, sql: Db = db(), lock = false): Promise<RegistrationContext> {
  const found = await registrationContext(id, sql, lock);
  if (!found) throw new HttpError(404, NO_SUCH_REGISTRATION);
  if (admin.adminRole !== 'owner' && found.ownerId !== admin.accountId) throw new HttpError(403, OWN_LEADS_ONLY);
  return found;
}
