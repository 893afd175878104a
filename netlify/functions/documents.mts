import type { Config } from '@netlify/functions';
import { idSchema, issueUploadSchema, registrationIdSchema, reviewSchema } from '../../src/shared/document-requests.ts';
import { requireAdmin, requireUser } from '../lib/auth/index.ts';
import { applicantDocuments, documentsForReview, issueUpload, openDocument, reviewDocument } from '../lib/documents/index.ts';
import { clientIp, json, parseWith, readJson, routes } from '../lib/platform/index.ts';

const registration = (params: Record<string, string>) => parseWith(registrationIdSchema, params.id);

/**
 * Applicants' documents: the applicant's checklist and the upload's first step; the team's review.
 * The confirm, which judges the file's bytes, is documents-check.mts: this bundle stays small.
 */
export default routes({
  'GET /api/v1/user/applications/:id/documents': async ({ request, params }) =>
    json(await applicantDocuments(await requireUser(request, { verified: true }), registration(params))),

  'POST /api/v1/user/applications/:id/documents/uploads': async ({ request, params, context }) => {
    const session = await requireUser(request, { verified: true });
    const id = registration(params);
    const input = await readJson(request, issueUploadSchema);
    return json(await issueUpload(session, id, input, clientIp(request, context)), { status: 201 });
  },

  'GET /api/v1/admin/registrations/:id/documents': async ({ request, params }) =>
    json(await documentsForReview(await requireAdmin(request), registration(params))),

  'POST /api/v1/admin/documents/:id/open': async ({ request, params }) =>
    json(await openDocument(await requireAdmin(request), parseWith(idSchema, params.id))),

  'POST /api/v1/admin/documents/:id/review': async ({ request, params }) => {
    const admin = await requireAdmin(request);
    const id = parseWith(idSchema, params.id);
    return json(await reviewDocument(admin, id, await readJson(request, reviewSchema)));
  },
});

export const config: Config = {
  path: [
    '/api/v1/user/applications/:id/documents',
    '/api/v1/user/applications/:id/documents/uploads',
    '/api/v1/admin/registrations/:id/documents',
    '/api/v1/admin/documents/:id/open',
    '/api/v1/admin/documents/:id/review',
  ],
};
