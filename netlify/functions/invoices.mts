import type { Config } from '@netlify/functions';
import { billingSchema } from '../../src/shared/checkout.ts';
import { requireOwner, requireUser, type Session } from '../lib/auth/index.ts';
import { HttpError, json, readJson, routes } from '../lib/platform/index.ts';
import { type DocumentKind, billingOf, saveBilling, documentFor } from '../lib/invoices/index.ts';

/**
 * A session of this kind if the request carries a valid one. 401: no session; 403: a session
 * that is not this kind (a counsellor, a learner asking as an owner): signed in, not entitled.
 */
async function optional(guard: () => Promise<Session>): Promise<{ session?: Session; signedIn: boolean }> {
  try {
    return { session: await guard(), signedIn: true };
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return { signedIn: false };
    if (error instanceof HttpError && error.status === 403) return { signedIn: true };
    throw error;
  }
}

async function pdf(request: Request, kind: DocumentKind, ref: string): Promise<Response> {
  const key = new URL(request.url).searchParams.get('key');
  const learner = key ? { signedIn: false } : await optional(() => requireUser(request));
  const owner = key || learner.session ? { signedIn: false } : await optional(() => requireOwner(request));
  const doc = await documentFor(kind, ref, {
    key,
    signedIn: learner.signedIn || owner.signedIn,
    ...(learner.session ? { learner: learner.session } : {}),
    ...(owner.session ? { owner: owner.session } : {}),
  });
  // pdf-lib is loaded on the first download only: the billing routes of this function never pay for it.
  const { renderTaxDocument } = await import('../lib/invoices/index.ts');
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
