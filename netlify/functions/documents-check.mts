import type { Config } from '@netlify/functions';
import { idSchema, registrationIdSchema } from '../../src/shared/document-requests.ts';
import { requireUser } from '../lib/auth/index.ts';
import { confirmUpload } from '../lib/documents/index.ts';
import { json, parseWith, routes } from '../lib/platform/index.ts';

/**
 * The upload's second step: downloads the file and judges its bytes (sharp for images, the PDF
 * reader). Its own function so that only this request, the one with bytes to judge, loads them
 * (docs/architecture.md, Documents).
 */
export default routes({
  'POST /api/v1/user/applications/:id/documents/uploads/:uploadId/confirm': async ({ request, params }) => {
    const session = await requireUser(request, { verified: true });
    const registrationId = parseWith(registrationIdSchema, params.id);
    return json(await confirmUpload(session, registrationId, parseWith(idSchema, params.uploadId)));
  },
});

export const config: Config = { path: '/api/v1/user/applications/:id/documents/uploads/:uploadId/confirm' };
