import type { Config } from '@netlify/functions';
import { choicesSchema, withdrawSchema } from '../../src/shared/choices.ts';
import { clientIp, HttpError, json, rateLimit, readJson, readText, routes } from '../lib/platform/index.ts';
import { choicesByLink, unsubscribeByLink, withdrawByLink } from '../lib/privacy/index.ts';

const limit = (request: Request, context: Parameters<typeof clientIp>[1]) =>
  rateLimit({ bucket: 'choices-ip', key: clientIp(request, context), limit: 60, windowSeconds: 3600 });

/** "Your choices" by the signed link in every email (DPDP Act s.6(4)); POST keeps the token out of logs. */
export default routes({
  'POST /api/v1/choices': async ({ request, context }) => {
    await limit(request, context);
    const { token } = await readJson(request, choicesSchema);
    return json(await choicesByLink(token));
  },

  'POST /api/v1/choices/withdraw': async ({ request, context }) => {
    await limit(request, context);
    const { token, purpose } = await readJson(request, withdrawSchema);
    return json(await withdrawByLink(token, purpose));
  },

  // RFC 8058: the mail provider POSTs "List-Unsubscribe=One-Click" to the header's address.
  'POST /api/v1/choices/unsubscribe': async ({ request, url, context }) => {
    await limit(request, context);
    const body = await readText(request, 4096);
    if (!/(^|&)List-Unsubscribe=One-Click(&|$)/.test(body.trim())) throw new HttpError(400, 'Expected List-Unsubscribe=One-Click');
    await unsubscribeByLink(url.searchParams.get('t') ?? '');
    return json({ message: 'Unsubscribed. Every consent you gave Aspira is withdrawn.' });
  },
});

export const config: Config = { path: ['/api/v1/choices', '/api/v1/choices/withdraw', '/api/v1/choices/unsubscribe'] };
