/**
 * The applicant's two-step upload (docs/architecture.md, Documents). Step one, here, issues a signed
 * upload URL after every check that needs no bytes (owner, open registration, document type,
 * declared type and size, rate limits, the registration's storage cap); the browser PUTs the file
 * straight to Storage. Step two (confirm.ts, its own function) judges the bytes. Nothing here loads
 * the byte inspection, so the applicant's ordinary requests stay a small bundle.
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
import { db, type Db, HttpError, rateLimit } from '../platform/index.ts';
import { applicantRegistration, type RegistrationContext } from './access.ts';
import { checklistFor } from './checklist.ts';
import { documentsOf } from './slots.ts';
import { documentStorage } from './storage/index.ts';

export const CLOSED = 'This application is closed: documents can no longer be uploaded';
export const APPROVED_ALREADY = 'This document is approved already. Ask your counsellor if it must change';
export const UPLOAD_EXPIRED = 'This upload took too long and its link has expired. Choose the file again';
export const NOT_ARRIVED = 'The file has not arrived. Choose the file and upload it again';
export const MB = 1024 * 1024;

/** Per account and per client address, an hour. */
export const UPLOAD_LIMITS = { perAccount: 30, perIp: 60 };

export async function applicantDocuments(session: Session, registrationId: string): Promise<RegistrationDocumentsDto> {
  return documentsOf(await applicantRegistration(session, registrationId));
}

export const overCap = () =>
  new HttpError(
    413,
    `Your documents may take ${REGISTRATION_STORAGE_CAP_MB} MB together; this file would go over. Replace a large file with a smaller one`,
  );

/**
 * What counts against the registration's cap (under its lock): current files at their real size,
 * open uploads at their declared size; `except` leaves out rows the caller is about to change.
 */
export async function bytesCounted(tx: Db, registrationId: string, except: string[] = []): Promise<number> {
  const [row] = await tx<{ used: string }[]>`
    select coalesce(sum(size_bytes), 0)::text as used from applicant_documents
    where registration_id = ${registrationId}
      and (status in ('uploaded', 'approved', 'rejected') or (status = 'issued' and expires_at > now()))
      ${except.length > 0 ? tx`and id not in ${tx(except)}` : tx``}`;
  return Number(row!.used);
}

export function typeOf(registration: RegistrationContext, type: string) {
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
    const [approved] = await tx`
      select 1 from applicant_documents where registration_id = ${registration.id} and doc_type = ${type.id} and status = 'approved'`;
    if (approved) throw new HttpError(409, APPROVED_ALREADY);
    if ((await bytesCounted(tx, registration.id)) + input.size > REGISTRATION_STORAGE_CAP_MB * MB) throw overCap();
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
