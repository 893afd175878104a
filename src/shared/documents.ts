/**
 * Applicants' documents (docs/product.md, Documents): the formats, limits and states both sides
 * know, and the bodies of the document endpoints.
 */
import { z } from 'zod';

export const DOCUMENT_FORMATS = ['pdf', 'jpeg', 'png'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
export const FORMAT_CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
};
export const FORMAT_LABELS: Record<DocumentFormat, string> = { pdf: 'PDF', jpeg: 'JPEG', png: 'PNG' };
/** What the file picker offers for each format. */
export const FORMAT_ACCEPT: Record<DocumentFormat, string> = {
  pdf: '.pdf,application/pdf',
  jpeg: '.jpg,.jpeg,image/jpeg',
  png: '.png,image/png',
};

/** No checklist may allow more per file than this (MB). */
export const DOCUMENT_MAX_MB = 10;
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

const NAME_MAX = 200;

/** POST .../documents/uploads: what the applicant is about to send. */
export const issueUploadSchema = z
  .object({
    type: z.string({ error: 'Choose a document from the list' }).regex(/^[a-z0-9-]{2,40}$/, 'Choose a document from the list'),
    fileName: z
      .string({ error: 'The file needs a name' })
      .trim()
      .min(1, 'The file needs a name')
      .max(NAME_MAX, `At most ${NAME_MAX} characters`),
    contentType: z.enum(['application/pdf', 'image/jpeg', 'image/png'], { error: 'Upload a PDF, JPEG or PNG file' }),
    size: z
      .number({ error: 'Give the file size in bytes' })
      .int('Give the file size in bytes')
      .positive('The file is empty')
      .max(DOCUMENT_MAX_MB * 1024 * 1024, `A file may be at most ${DOCUMENT_MAX_MB} MB`),
  })
  .strict();
export type IssueUploadInput = z.output<typeof issueUploadSchema>;

/** POST /admin/documents/:id/review. */
export const reviewSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'Approve or reject' }),
    reason: z.string().trim().max(REJECT_REASON_MAX, `At most ${REJECT_REASON_MAX} characters`).optional(),
  })
  .strict()
  .refine((v) => v.decision === 'approve' || !!v.reason, {
    message: 'Say why the document is rejected, so the applicant can fix it',
    path: ['reason'],
  });
export type ReviewInput = z.output<typeof reviewSchema>;

export const idSchema = z.string().regex(/^[1-9]\d{0,15}$/, 'The id is a whole number');
export const registrationIdSchema = z.string().regex(/^[0-9a-z]{1,40}$/, 'Not a registration id');

/** Bytes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
