/**
 * Applicants' documents (docs/product.md, Documents): the formats, limits and states both sides
 * know. No zod here: the upload and review screens import this file (request bodies: document-requests.ts).
 */
export * from './document-formats.ts';
import type { DocumentFormat } from './document-formats.ts';

/** All of a registration's files together, issued uploads included (MB). */
export const REGISTRATION_STORAGE_CAP_MB = 60;
/** An image above this many pixels (width x height) is refused. */
export const DOCUMENT_MAX_PIXELS = 40_000_000;
/** An issued upload must be confirmed within this many minutes. */
export const UPLOAD_WINDOW_MINUTES = 15;
/** How long a reviewer's link to a file works (seconds). */
export const VIEW_LINK_SECONDS = 300;
export const REJECT_REASON_MAX = 500;

export const DOCUMENT_STATES = ['missing', 'uploaded', 'approved', 'rejected'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];
export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  missing: 'Missing',
  uploaded: 'Uploaded, waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** One line of a registration's checklist, with the current upload (if any). */
export type DocumentSlotDto = {
  type: string;
  label: string;
  required: boolean;
  formats: DocumentFormat[];
  maxMb: number;
  help: string;
  state: DocumentState;
  document: {
    id: string;
    fileName: string;
    sizeBytes: number;
    contentType: string;
    uploadedAt: string;
    rejectReason: string | null;
    reviewedAt: string | null;
  } | null;
};

export type RegistrationDocumentsDto = {
  registrationId: string;
  programme: string;
  /** No more uploads: the registration is closed (enrolled or lost). */
  closed: boolean;
  slots: DocumentSlotDto[];
};

export type IssuedUploadDto = { uploadId: string; uploadUrl: string; expiresAt: string };

/** Bytes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
