import type { Config } from '@netlify/functions';
import { forgotPasswordSchema, resetPasswordSchema, verifyEmailSchema } from '../../src/shared/account.ts';
import { confirmEmail, forgotPassword, resendVerification, resetPassword } from '../lib/accounts/index.ts';
import { requireUser, type Role } from '../lib/auth/index.ts';
import { clientIp, json, readJson, routes, type RouteHandler } from '../lib/platform/index.ts';

/** The same three steps for learners (/user/...) and admins (/admin/...): a token only works for its role. */
function recovery(role: Role): Record<string, RouteHandler> {
  return {
    [`POST /api/v1/${role}/forgot-password`]: async ({ request, context }) => {
      const { email } = await readJson(request, forgotPasswordSchema);
      return json(await forgotPassword(role, email, clientIp(request, context)));
    },
    [`POST /api/v1/${role}/reset-password`]: async ({ request, context }) => {
      const { token, password } = await readJson(request, resetPasswordSchema);
      return json(await resetPassword(role, token, password, clientIp(request, context)));
    },
    [`POST /api/v1/${role}/verify-email`]: async ({ request, context }) => {
      const { token } = await readJson(request, verifyEmailSchema);
      return json(await confirmEmail(role, token, clientIp(request, context)));
    },
  };
}

export default routes({
  ...recovery('user'),
  ...recovery('admin'),

  /** "Resend" on a logged-in learner's confirm-your-email screen (admins: logging in again sends one). */
  'POST /api/v1/user/verify-email/resend': async ({ request, context }) => {
    const session = await requireUser(request);
    return json(await resendVerification(session, clientIp(request, context)));
  },
});

export const config: Config = {
  path: [
    '/api/v1/user/forgot-password',
    '/api/v1/user/reset-password',
    '/api/v1/user/verify-email',
    '/api/v1/user/verify-email/resend',
    '/api/v1/admin/forgot-password',
    '/api/v1/admin/reset-password',
    '/api/v1/admin/verify-email',
  ],
};
