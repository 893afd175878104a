/** The bodies and path ids of the document endpoints (docs/product.md, API), checked by the function. */
import { z } from 'zod';
import { DOCUMENT_MAX_MB, REJECT_REASON_MAX } from './documents.ts';

const NAME_MAX = 200;
/** C0 controls (CR, LF, NUL, TAB ...), DEL and the C1 controls: never part of a file name, and unsafe in a header. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
export const NAME_HAS_CONTROLS = 'The file name has control characters (such as a line break). Rename the file and choose it again';

/** POST .../documents/uploads: what the applicant is about to send. */
export const issueUploadSchema = z
  .object({
    type: z.string({ error: 'Choose a document from the list' }).regex(/^[a-z0-9-]{2,40}$/, 'Choose a document from the list'),
    fileName: z
      .string({ error: 'The file needs a name' })
      .trim()
      .min(1, 'The file needs a name')
      .max(NAME_MAX, `At most ${NAME_MAX} characters`)
      .refine((name) => !CONTROL_CHARACTERS.test(name), NAME_HAS_CONTROLS),
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
