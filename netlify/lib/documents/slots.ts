/** A registration's checklist with each document's current upload: what both the applicant and the team see. */
import type { DocumentFormat, DocumentSlotDto, DocumentState, RegistrationDocumentsDto } from '../../../src/shared/documents.ts';
import { db, type Db } from '../platform/index.ts';
import type { RegistrationContext } from './access.ts';
import { checklistFor } from './checklist.ts';

export type CurrentRow = {
  id: string;
  doc_type: string;
  status: 'uploaded' | 'approved' | 'rejected';
  file_name: string;
  size_bytes: string;
  content_type: string;
  reject_reason: string | null;
  uploaded_at: Date;
  reviewed_at: Date | null;
};

export async function currentDocuments(registrationId: string, sql: Db = db()): Promise<CurrentRow[]> {
  return sql<CurrentRow[]>`
    select id::text, doc_type, status, file_name, size_bytes, content_type, reject_reason, uploaded_at, reviewed_at
    from applicant_documents
    where registration_id = ${registrationId} and status in ('uploaded', 'approved', 'rejected')`;
}

export async function documentsOf(registration: RegistrationContext, sql: Db = db()): Promise<RegistrationDocumentsDto> {
  const checklist = checklistFor(registration.feeOption);
  const rows = await currentDocuments(registration.id, sql);
  const slots: DocumentSlotDto[] = checklist.documents.map((type) => {
    const row = rows.find((r) => r.doc_type === type.id);
    return {
      type: type.id,
      label: type.label,
      required: type.required,
      formats: type.formats as DocumentFormat[],
      maxMb: type.maxMb,
      help: type.help,
      state: (row?.status ?? 'missing') as DocumentState,
      document: row
        ? {
            id: row.id,
            fileName: row.file_name,
            sizeBytes: Number(row.size_bytes),
            contentType: row.content_type,
            uploadedAt: new Date(row.uploaded_at).toISOString(),
            rejectReason: row.reject_reason,
            reviewedAt: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
          }
        : null,
    };
  });
  return { registrationId: registration.id, programme: checklist.programme, closed: registration.closed, slots };
}

/** True when every required document of the registration's checklist is approved. */
export async function allRequiredApproved(registration: RegistrationContext, sql: Db): Promise<boolean> {
  const { slots } = await documentsOf(registration, sql);
  return slots.filter((s) => s.required).every((s) => s.state === 'approved');
}
