/**
 * The applicant's two-step upload (docs/architecture.md, Documents). Step one issues a signed
 * upload URL after every check that needs no bytes (owner, open registration, document type,
 * declared type and size, rate limits, the registration's storage cap); the browser PUTs the file
 * straight to Storage. Step two downloads the object and checks it by its bytes; a refused file is
 * deleted and nothing else changes, a good one (images re-encoded without metadata) becomes the
 * document of its type, replacing an earlier upload that was not approved.
 */
import { randomUUID } from 'node:crypto';
import type { Session } from '../auth/index.ts';
import {
  FORMAT_CONTENT_TYPES,
  FORMAT_LABELS,
  REGISTRATION_STORAGE_CAP_MB,
  UPLOAD_WINDOW_MINUTES,
  type DocumentFormat,
  type IssuedUploadDto,
  type RegistrationDocumentsDto,
} from '../../../src/shared/documents.ts';
import type { IssueUploadInput } from '../../../src/shared/document-requests.ts';
import { db, HttpError, rateLimit } from '../platform/index.ts';
import { applicantRegistration, type RegistrationContext } from './access.ts';
import { checklistFor } from './checklist.ts';
import { drainAfterAnswer, queueDeletion } from './deletions.ts';
import { inspectFile, RefusedFile } from './inspect.ts';
import { documentsOf } from './slots.ts';
import { documentStorage } from './storage/index.ts';

export const CLOSED = 'This application is closed: documents can no longer be uploaded';
export const APPROVED_ALREADY = 'This document is approved already. Ask your counsellor if it must change';
export const UPLOAD_EXPIRED = 'This upload took too long and its link has expired. Choose the file again';
export const NOT_ARRIVED = 'The file has not arrived. Choose the file and upload it again';
const MB = 1024 * 1024;

/** Per account and per client address, an hour. */
export const UPLOAD_LIMITS = { perAccount: 30, perIp: 60 };

export async function applicantDocuments(session: Session, registrationId: string): Promise<RegistrationDocumentsDto> {
  return documentsOf(await applicantRegistration(session, registrationId));
}

function typeOf(registration: RegistrationContext, type: string) {
  const found = checklistFor(registration.feeOption).documents.find((d) => d.id === type);
  if (!found) throw new HttpError(400, ['type: Choose a document from the list']);
  return found;
}

export async function issueUpload(session: Session, registrationId: string, input: IssueUploadInput, ip: string): Promise<IssuedUploadDto> {
  const storage = documentStorage(); // a deploy without Storage refuses (503) before anything else
  await rateLimit({ bucket: 'document-upload-account', key: session.accountId, limit: UPLOAD_LIMITS.perAccount, windowSeconds: 3600 });
  await rateLimit({ bucket: 'document-upload-ip', key: ip, limit: UPLOAD_LIMITS.perIp, windowSeconds: 3600 });
  const registration = await applicantRegistration(session, registrationId);
  if (registration.closed) throw new HttpError(409, CLOSED);
  const type = typeOf(registration, input.type);
  const formats = type.formats as DocumentFormat[];
  if (!formats.some((f) => FORMAT_CONTENT_TYPES[f] === input.contentType)) {
    throw new HttpError(400, [`contentType: ${type.label} takes ${formats.map((f) => FORMAT_LABELS[f]).join(', ')} files`]);
  }
  if (input.size > type.maxMb * MB) throw new HttpError(400, [`size: ${type.label} may be at most ${type.maxMb} MB`]);

  const path = `${registration.id}/${type.id}/${randomUUID()}`;
  const issued = await db().begin(async (tx) => {
    const locked = await applicantRegistration(session, registrationId, tx, true);
    if (locked.closed) throw new HttpError(409, CLOSED);
    const [state] = await tx<{ approved: boolean; used: string }[]>`
      select
        exists (select 1 from applicant_documents where registration_id = ${registration.id} and doc_type = ${type.id} and status = 'approved') as approved,
        coalesce((select sum(size_bytes) from applicant_documents where registration_id = ${registration.id}
                  and (status in ('uploaded', 'approved', 'rejected') or (status = 'issued' and expires_at > now()))), 0)::text as used`;
    if (state!.approved) throw new HttpError(409, APPROVED_ALREADY);
    if (Number(state!.used) + input.size > REGISTRATION_STORAGE_CAP_MB * MB) {
      throw new HttpError(
        413,
        `Your documents may take ${REGISTRATION_STORAGE_CAP_MB} MB together; this file would go over. Replace a large file with a smaller one`,
      );
    }
    const [row] = await tx<{ id: string; expires_at: Date }[]>`
      insert into applicant_documents (registration_id, doc_type, object_path, file_name, size_bytes, uploaded_by, expires_at)
      values (${registration.id}, ${type.id}, ${path}, ${input.fileName}, ${input.size}, ${session.accountId},
              now() + make_interval(mins => ${UPLOAD_WINDOW_MINUTES}))
      returning id::text, expires_at`;
    return row!;
  });
  // Signed after the row exists: an upload URL always has a row the scheduled job can expire.
  const { url } = await storage.signUpload(path);
  return { uploadId: issued.id, uploadUrl: url, expiresAt: new Date(issued.expires_at).toISOString() };
}

type IssuedRow = { id: string; doc_type: string; object_path: string; status: string; expired: boolean };

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
    select id::text, doc_type, object_path, status, expires_at <= now() as expired from applicant_documents
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
    clean = await inspectFile(bytes, type.formats as DocumentFormat[]);
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
  drainAfterAnswer();
  return answer;
}
