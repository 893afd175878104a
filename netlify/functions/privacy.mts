import type { Config } from '@netlify/functions';
import { adminPrivacyEraseSchema, adminPrivacyExportSchema, deleteAccountSchema } from '../../src/shared/privacy.ts';
import { clearSessionCookie, requireOwner, requireUser } from '../lib/auth/index.ts';
import { assertNotCrossSite, json, readJson, routes } from '../lib/platform/index.ts';
import { adminErase, adminExport, deleteOwnAccount, exportFileName, exportOwnData, listPrivacyRequests } from '../lib/privacy/index.ts';

/** A JSON file the browser saves rather than shows. */
const download = (data: unknown) => json(data, { headers: { 'content-disposition': `attachment; filename="${exportFileName()}"` } });

export default routes({
  'GET /api/v1/user/privacy/export': async ({ request }) => {
    // A GET that writes the request log: a link on another site must not run it.
    assertNotCrossSite(request);
    return download(await exportOwnData(await requireUser(request)));
  },

  'POST /api/v1/user/privacy/delete': async ({ request }) => {
    const session = await requireUser(request);
    const { password } = await readJson(request, deleteAccountSchema);
    const answer = await deleteOwnAccount(session, password);
    return json(answer, { headers: { 'set-cookie': clearSessionCookie('user') } });
  },

  // POST, so the requester's email travels in the body, never in an address or a log line.
  'POST /api/v1/admin/privacy/export': async ({ request }) => {
    const admin = await requireOwner(request);
    const { email } = await readJson(request, adminPrivacyExportSchema);
    return download(await adminExport(admin, email));
  },

  'POST /api/v1/admin/privacy/erase': async ({ request }) => {
    const admin = await requireOwner(request);
    const { email } = await readJson(request, adminPrivacyEraseSchema);
    return json(await adminErase(admin, email));
  },

  'GET /api/v1/admin/privacy/requests': async ({ request }) => {
    await requireOwner(request);
    return json({ requests: await listPrivacyRequests() });
  },
});

export const config: Config = {
  path: [
    '/api/v1/user/privacy/export',
    '/api/v1/user/privacy/delete',
    '/api/v1/admin/privacy/export',
    '/api/v1/admin/privacy/erase',
    '/api/v1/admin/privacy/requests',
  ],
};
