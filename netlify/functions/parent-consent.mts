import type { Config } from '@netlify/functions';
import { parentConsentViewSchema, parentDecisionSchema } from '../../src/shared/minors-schema.ts';
import { parentConsentView } from '../lib/guardians/index.ts';
import { clientIp, json, rateLimit, readJson, routes } from '../lib/platform/index.ts';
import { decideParentConsent } from '../lib/privacy/index.ts';

/** A parent's consent for a child (DPDP Act s.9): the page reads the request, then confirms or refuses. POST keeps the token out of logs. */
export default routes({
  'POST /api/v1/parent-consent/view': async ({ request, context }) => {
    await rateLimit({ bucket: 'parent-consent-ip', key: clientIp(request, context), limit: 60, windowSeconds: 3600 });
    const { token } = await readJson(request, parentConsentViewSchema);
    return json(await parentConsentView(token));
  },

  'POST /api/v1/parent-consent/decide': async ({ request, context }) => {
    await rateLimit({ bucket: 'parent-consent-ip', key: clientIp(request, context), limit: 60, windowSeconds: 3600 });
    const { token, decision } = await readJson(request, parentDecisionSchema);
    return json(await decideParentConsent(token, decision));
  },
});

export const config: Config = { path: ['/api/v1/parent-consent/view', '/api/v1/parent-consent/decide'] };
