import type { Config } from '@netlify/functions';
import { registerPaidSchema, registerUnpaidSchema, registrationStatusSchema } from '../../src/shared/registration.ts';
import { clientIp, json, readJson, routes, rateLimit } from '../lib/platform/index.ts';
import { recordRegistrationPayment, registerUnpaid, registrationStatus } from '../lib/registrations/index.ts';

export default routes({
  'POST /api/v1/user/register-unpaid': async ({ request, context }) => {
    await rateLimit({ bucket: 'register-unpaid-ip', key: clientIp(request, context), limit: 20, windowSeconds: 3600 });
    const body = await readJson(request, registerUnpaidSchema);
    return json(await registerUnpaid(body), { status: 201 });
  },

  'POST /api/v1/user/registration-status': async ({ request, context }) => {
    await rateLimit({ bucket: 'registration-status-ip', key: clientIp(request, context), limit: 120, windowSeconds: 3600 });
    const { registrationToken } = await readJson(request, registrationStatusSchema);
    return json(await registrationStatus(registrationToken));
  },

  'POST /api/v1/user/register-paid': async ({ request }) => {
    const { registrationToken, ...result } = await readJson(request, registerPaidSchema);
    const answer = await recordRegistrationPayment(registrationToken, result);
    return json(answer.body, { status: answer.status });
  },
});

export const config: Config = { path: ['/api/v1/user/register-unpaid', '/api/v1/user/registration-status', '/api/v1/user/register-paid'] };
