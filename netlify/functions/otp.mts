import type { Config } from '@netlify/functions';
import { HONEYPOT } from '../../src/shared/leads.ts';
import { otpSendSchema, otpVerifySchema } from '../../src/shared/registration.ts';
import { clientIp, json, readJson, routes } from '../lib/platform/index.ts';
import { SEND_ANSWER, sendOtp, verifyOtp } from '../lib/registrations/index.ts';

export default routes({
  'POST /api/v1/otp/send': async ({ request, context }) => {
    const body = await readJson(request, otpSendSchema);
    // A filled honeypot is a bot: it gets the usual answer and nothing is sent.
    if (body[HONEYPOT]) return json(SEND_ANSWER);
    return json(await sendOtp(body.email, clientIp(request, context)));
  },

  'POST /api/v1/otp/verify': async ({ request, context }) => {
    const body = await readJson(request, otpVerifySchema);
    return json(await verifyOtp(body.email, body.otp, clientIp(request, context)));
  },
});

export const config: Config = { path: ['/api/v1/otp/send', '/api/v1/otp/verify'] };
