/**
 * Applicants' documents in the privacy catalogue. The export lists each file with a download link
 * that works for 24 hours (the files stay in their private bucket: the downloaded JSON carries
 * links, not megabytes of base64). Erasure deletes the rows and queues the files for deletion in
 * the same transaction; they leave Storage after the answer, or on the scheduled job's next run.
 */
import { type Tx, log } from '../platform/index.ts';
import type { Subject, TableCoverage } from '../privacy/types.ts';
import { drainAfterAnswer, queueDeletion } from './deletions.ts';
import { documentStorage } from './storage/index.ts';

export const EXPORT_LINK_SECONDS = 24 * 3600;

async function registrationIds(tx: Tx, s: Subject): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    select id from registrations where email in ${tx(s.provenEmails.concat(''))} and erased_at is null`;
  return rows.map((r) => r.id);
}

type ExportRow = {
  registration_id: string;
  doc_type: string;
  file_name: string;
  status: string;
  content_type: string | null;
  size_bytes: string;
  reject_reason: string | null;
  uploaded_at: Date | null;
  reviewed_at: Date | null;
  object_path: string;
};

/** Must run before the registrations' entry: an erased registration's rows are gone with it. */
export const DOCUMENT_DATA: Record<string, TableCoverage> = {
  applicant_documents: {
    label: 'documents',
    export: async (tx, s) => {
      const rows = await tx<ExportRow[]>`
        select registration_id, doc_type, file_name, status, content_type, size_bytes, reject_reason, uploaded_at, reviewed_at, object_path
        from applicant_documents
        where registration_id in ${tx((await registrationIds(tx, s)).concat(''))} and status in ('uploaded', 'approved', 'rejected')
        order by created_at`;
      return Promise.all(
        rows.map(async ({ object_path, ...row }) => {
          let downloadUrl: string | null = null;
          try {
            downloadUrl = await documentStorage().signRead(object_path, EXPORT_LINK_SECONDS, row.file_name);
          } catch (error) {
            log.warn('export: no download link for a document', { error });
          }
          return { ...row, downloadUrl, downloadUrlExpiresInHours: EXPORT_LINK_SECONDS / 3600 };
        }),
      );
    },
    erase: async (tx, s) => {
      const rows = await tx<{ object_path: string }[]>`
        delete from applicant_documents where registration_id in ${tx((await registrationIds(tx, s)).concat(''))}
        returning object_path`;
      await queueDeletion(
        tx,
        rows.map((r) => r.object_path),
      );
      if (rows.length) drainAfterAnswer();
      return rows.length;
    },
  },
};
