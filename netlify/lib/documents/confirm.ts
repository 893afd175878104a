/**
 * Step two of the applicant's upload (docs/architecture.md, Documents), served by its own function
 * (documents-check) because only it loads the byte inspection (sharp, the PDF reader). It downloads
 * the object and judges it: no bigger than the size declared when the upload was issued (that size
 * is what the registration's cap counted) nor than the document's limit, then by its bytes. A refused
 * file is deleted and nothing else changes; a good one (images re-encoded without metadata) becomes
 * the document of its type at its real size, counted against the cap under the registration's lock,
 * replacing an earlier upload that was not approved.
 */
import type { Session } from '../auth/index.ts';
import { REGISTRATION_STORAGE_CAP_MB, type DocumentFormat, type RegistrationDocumentsDto } from '../../../src/shared/documents.ts';
import { db, HttpError } from '../platform/index.ts';
import { applicantRegistration } from './access.ts';
import { drainAfterAnswer, queueDeletion } from './deletions.ts';
import { inspectFile, RefusedFile } from './inspect.ts';
import { documentsOf } from './slots.ts';
import { documentStorage } from './storage/index.ts';
import { APPROVED_ALREADY, bytesCounted, CLOSED, MB, NOT_ARRIVED, overCap, typeOf, UPLOAD_EXPIRED } from './uploads.ts';

export const LARGER_THAN_DECLARED = 'The file that arrived is larger than the one you chose. Choose the file again';

type IssuedRow = { id: string; doc_type: string; object_path: string; status: string; expired: boolean; size_bytes: string };

async function refuse(row: IssuedRow, status: 'refused' | 'expired'): Promise<void> {
  await db().begin(async (tx) => {
    const [changed] = await tx`update applicant_documents set status = ${status} where id = ${row.id} and status = 'issued' returning id`;
    if (changed) await queueDeletion(tx, [row.object_path]);
  });
  drainAfterAnswer();
}

export async function confirmUpload(session: Session, registrationId: string, uploadId: string): Promise<RegistrationDocumentsDto> {
  const storage = documentStorage();
  const registration = await applicantRegistration(session, registrationId);
  const [row] = await db()<IssuedRow[]>`
    select id::text, doc_type, object_path, status, expires_at <= now() as expired, size_bytes::text from applicant_documents
    where id = ${uploadId} and registration_id = ${registration.id}`;
  if (!row || row.status !== 'issued') throw new HttpError(404, 'No such upload. Choose the file again');
  if (registration.closed) {
    await refuse(row, 'expired');
    throw new HttpError(409, CLOSED);
  }
  if (row.expired) {
    await refuse(row, 'expired');
    throw new HttpError(410, UPLOAD_EXPIRED);
  }
  const type = typeOf(registration, row.doc_type);
  const bytes = await storage.download(row.object_path);
  if (!bytes || bytes.length === 0) throw new HttpError(400, NOT_ARRIVED);

  let clean;
  try {
    if (bytes.length > type.maxMb * MB) throw new RefusedFile(`${type.label} may be at most ${type.maxMb} MB`);
    // Storage cannot bind a signed upload to a size: the declared one, which the cap counted, is judged here.
    if (bytes.length > Number(row.size_bytes)) throw new RefusedFile(LARGER_THAN_DECLARED);
    clean = await inspectFile(bytes, type.formats as DocumentFormat[]);
    // Written back to the bucket, whose size limit a re-encoded image must keep too.
    if (clean.bytes.length > type.maxMb * MB)
      throw new RefusedFile(`${type.label} may be at most ${type.maxMb} MB. Upload a smaller image`);
  } catch (error) {
    if (!(error instanceof RefusedFile)) throw error;
    await refuse(row, 'refused');
    throw new HttpError(422, error.message);
  }
  if (clean.changed) await storage.upload(row.object_path, clean.bytes, clean.contentType);

  const answer = await db().begin(async (tx) => {
    const locked = await applicantRegistration(session, registrationId, tx, true);
    const [previous] = await tx<{ id: string; status: string; object_path: string }[]>`
      select id::text, status, object_path from applicant_documents
      where registration_id = ${locked.id} and doc_type = ${row.doc_type} and status in ('uploaded', 'approved', 'rejected')`;
    if (previous?.status === 'approved') throw new HttpError(409, APPROVED_ALREADY);
    // The real (cleaned) size against the cap: a re-encoded image may come out larger than it went in.
    const others = await bytesCounted(tx, locked.id, [row.id, ...(previous ? [previous.id] : [])]);
    if (others + clean.bytes.length > REGISTRATION_STORAGE_CAP_MB * MB) return null;
    if (previous) {
      await tx`update applicant_documents set status = 'replaced' where id = ${previous.id}`;
      await queueDeletion(tx, [previous.object_path]);
    }
    const [updated] = await tx`
      update applicant_documents set status = 'uploaded', size_bytes = ${clean.bytes.length}, content_type = ${clean.contentType},
        uploaded_at = now()
      where id = ${row.id} and status = 'issued' returning id`;
    if (!updated) throw new HttpError(404, 'No such upload. Choose the file again');
    return documentsOf(locked, tx);
  });
  if (!answer) {
    await refuse(row, 'refused');
    throw overCap();
  }
  drainAfterAnswer();
  return answer;
}
