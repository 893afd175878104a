import type { Config } from '@netlify/functions';
import { billingSchema } from '../../src/shared/checkout.ts';
import { requireOwner, requireUser, type Session } from '../lib/auth/session.ts';
import { HttpError, json, readJson, routes } from '../lib/http.ts';
import type { DocumentKind } from '../lib/invoices/access.ts';
import { billingOf, saveBilling } from '../lib/invoices/billing.ts';
import { documentFor } from '../lib/invoices/documents.ts';
import { renderTaxDocument } from '../lib/invoices/pdf.ts';

/** A session of this kind if the request carries a valid one; any other failure means "none". */
async function optional(guard: () => Promise<Session>): Promise<Session | undefined> {
  try {
    return await guard();
  } catch (error) {
    if (error instanceof HttpError && (error.status === 401 || error.status === 403)) return undefined;
    throw error;
  }
}

async function pdf(request: Request, kind: DocumentKind, ref: string): Promise<Response> {
  const key = new URL(request.url).searchParams.get('key');
  const keyed = !!key;
  const learner = keyed ? undefined : await optional(() => requireUser(request));
  const owner = keyed || learner ? undefined : await optional(() => requireOwner(request));
  const doc = await documentFor(kind, ref, { key, ...(learner ? { learner } : {}), ...(owner ? { owner } : {}) });
  const bytes = await renderTaxDocument(doc);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${doc.number.replaceAll('/', '-')}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
}

/** Tax invoices and credit notes as PDF, and the learner's billing details for them. */
export default routes({
  'GET /api/v1/invoices/:ref/pdf': ({ request, params }) => pdf(request, 'invoice', params.ref!),
  'GET /api/v1/credit-notes/:ref/pdf': ({ request, params }) => pdf(request, 'credit-note', params.ref!),

  'GET /api/v1/billing': async ({ request }) => {
    const session = await requireUser(request);
    return json({ billing: await billingOf(session.accountId) });
  },

  'PUT /api/v1/billing': async ({ request }) => {
    const session = await requireUser(request);
    const billing = await readJson(request, billingSchema);
    return json({ billing: await saveBilling(session, billing) });
  },
});

export const config: Config = {
  path: ['/api/v1/invoices/:ref/pdf', '/api/v1/credit-notes/:ref/pdf', '/api/v1/billing'],
};
