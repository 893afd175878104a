/**
 * The team's review (docs/product.md, Documents): open a file through a link that works for a few
 * minutes, approve it, or reject it with a reason. Owners review every registration, counsellors
 * their own leads. Each view, approval and rejection writes the audit log; a review emails the
 * applicant in the same transaction; the last required approval moves the registration's lead to
 * Applied through the pipeline's own stage change (history row and audit included).
 */
import type { Session } from '../auth/index.ts';
import { VIEW_LINK_SECONDS, type RegistrationDocumentsDto } from '../../../src/shared/documents.ts';
import type { ReviewInput } from '../../../src/shared/document-requests.ts';
import { advanceStage } from '../leads/index.ts';
import { notify } from '../messaging/index.ts';
import { db, type Db, HttpError, recordAdminAction, siteUrl } from '../platform/index.ts';
import { reviewerRegistration } from './access.ts';
import { checklistFor } from './checklist.ts';
import { documentReviewedEmail } from './emails.ts';
import { allRequiredApproved, documentsOf } from './slots.ts';
import { documentStorage } from './storage/index.ts';

export const ALREADY_REVIEWED = 'This document was reviewed already; the applicant can upload a new one';
export const APPLIED_NOTE = 'Every required document approved';

type DocumentRow = { id: string; registration_id: string; doc_type: string; status: string; object_path: string; file_name: string };

const actorOf = (admin: Session) => ({ accountId: admin.accountId, email: admin.email });

async function documentRow(id: string, sql: Db, lock = false): Promise<DocumentRow> {
  const [row] = await sql<DocumentRow[]>`
    select id::text, registration_id, doc_type, status, object_path, file_name from applicant_documents
    where id = ${id} and status in ('uploaded', 'approved', 'rejected') ${lock ? sql`for update` : sql``}`;
  if (!row) throw new HttpError(404, 'No such document');
  return row;
}

export async function documentsForReview(admin: Session, registrationId: string): Promise<RegistrationDocumentsDto> {
  return documentsOf(await reviewerRegistration(admin, registrationId));
}

/** A link to the file that stops working after VIEW_LINK_SECONDS; the view is audited. */
export async function openDocument(admin: Session, documentId: string): Promise<{ url: string; expiresIn: number }> {
  const storage = documentStorage();
  const row = await documentRow(documentId, db());
  await reviewerRegistration(admin, row.registration_id);
  const url = await storage.signRead(row.object_path, VIEW_LINK_SECONDS, row.file_name);
  await recordAdminAction(db(), {
    actor: actorOf(admin),
    action: 'document.view',
    subjectKind: 'registration',
    subjectId: row.registration_id,
    details: { documentId: row.id, type: row.doc_type },
  });
  return { url, expiresIn: VIEW_LINK_SECONDS };
}

export async function reviewDocument(admin: Session, documentId: string, input: ReviewInput): Promise<RegistrationDocumentsDto> {
  return db().begin(async (tx) => {
    const row = await documentRow(documentId, tx, true);
    const registration = await reviewerRegistration(admin, row.registration_id, tx, true);
    if (row.status !== 'uploaded') throw new HttpError(409, ALREADY_REVIEWED);
    const reason = input.decision === 'reject' ? input.reason! : null;
    await tx`
      update applicant_documents set status = ${input.decision === 'approve' ? 'approved' : 'rejected'},
        reject_reason = ${reason}, reviewed_by = ${admin.accountId}, reviewed_at = now()
      where id = ${row.id}`;
    await recordAdminAction(tx, {
      actor: actorOf(admin),
      action: input.decision === 'approve' ? 'document.approve' : 'document.reject',
      subjectKind: 'registration',
      subjectId: registration.id,
      details: { documentId: row.id, type: row.doc_type, ...(reason ? { reason } : {}) },
    });
    const allApproved = input.decision === 'approve' && (await allRequiredApproved(registration, tx));
    if (allApproved) {
      await advanceStage(tx, admin, { kind: 'registration', id: registration.id }, 'applied', APPLIED_NOTE);
    }
    const label = checklistFor(registration.feeOption).documents.find((d) => d.id === row.doc_type)?.label ?? 'document';
    const email = documentReviewedEmail({
      name: registration.name,
      label,
      decision: input.decision,
      reason: reason ?? undefined,
      allApproved,
    });
    // Always the email, and by WhatsApp too to an applicant with a proven number.
    await notify(tx, {
      email: { to: registration.email, ...email, tag: 'document-review' },
      template: 'document_reviewed',
      variables: [registration.name, label, reviewOutcome(input.decision, reason), siteUrl('/applications')],
    });
    return documentsOf({ ...registration, stage: allApproved ? 'applied' : registration.stage }, tx);
  });
}

/** The outcome as one line (a template's variable may not hold line breaks or long runs of spaces). */
function reviewOutcome(decision: 'approve' | 'reject', reason: string | null): string {
  if (decision === 'approve') return 'approved';
  return `please upload it again (${(reason ?? '').replace(/\s+/g, ' ').trim()})`;
}
