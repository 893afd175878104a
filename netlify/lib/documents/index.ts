/**
 * Applicants' documents: each programme's checklist (checklist.ts), the applicant's two-step upload
 * (uploads.ts issues; confirm.ts judges the bytes with inspect.ts, in a function of its own), the
 * team's review (review.ts), the deletion queue and the scheduled clean-up with retention
 * (deletions.ts, cleanup.ts), and the Storage port (storage/: Supabase Storage, or the local
 * stand-in that speaks its API).
 */
export { applicantDocuments, issueUpload, UPLOAD_LIMITS } from './uploads.ts';
export { confirmUpload } from './confirm.ts';
export { documentsForReview, openDocument, reviewDocument } from './review.ts';
export { drainDeletions } from './deletions.ts';
export { documentsPastRetention, eraseDocument, eraseRegistrationDocuments, expireOrphanedUploads, runDocumentCleanup } from './cleanup.ts';
export { checklistFor, checklists } from './checklist.ts';
export { sniff, inspectFile } from './inspect.ts';
export {
  documentStorage,
  DOCUMENTS_NOT_CONFIGURED,
  localStandIn,
  serveStandIn,
  storageStandIn,
  StorageError,
  supabaseStorage,
  useDocumentStorageForTests,
  type DocumentStorage,
  type StorageStandIn,
} from './storage/index.ts';
