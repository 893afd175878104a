import type { Config } from '@netlify/functions';
import { changePasswordSchema, loginSchema, userSignupSchema } from '../../src/shared/account.ts';
import { clearSessionCookie, requireUser } from '../lib/auth/index.ts';
import { assertNotCrossSite, clientIp, HttpError, json, readJson, routes } from '../lib/platform/index.ts';
import { login, changeLearnerPassword, logOutLearner, profile, signUp } from '../lib/accounts/index.ts';
import { listPurchases } from '../lib/shop/index.ts';

export default routes({
  'POST /api/v1/user/signup': async ({ request, context }) => {
    const input = await readJson(request, userSignupSchema);
    // The same answer whether or not the email already has an account (see signup.ts).
    const { message, email } = await signUp('user', input, clientIp(request, context));
    return json({ message, user: { email } }, { status: 201 });
  },

  'POST /api/v1/user/login': async ({ request, context }) => {
    const input = await readJson(request, loginSchema);
    const { account, token, cookie } = await login('user', input.email, input.password, clientIp(request, context));
    const user = { _id: account._id, email: account.email, firstName: account.firstName, emailVerified: account.emailVerified };
    return json({ message: 'Logged in successfully', user, token }, { headers: { 'set-cookie': cookie } });
  },

  'GET /api/v1/user/logout': async ({ request }) => {
    // A GET (as in the original API; docs/architecture.md, API conventions), so a link on another site must not be able to log a learner out.
    assertNotCrossSite(request);
    const session = await requireUser(request).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 401) return null;
      throw error;
    });
    if (session) await logOutLearner(session);
    return json({ message: 'Logged out successfully' }, { headers: { 'set-cookie': clearSessionCookie('user') } });
  },

  'GET /api/v1/user/me': async ({ request }) => {
    const session = await requireUser(request);
    return json({ user: { ...profile(session), emailVerified: session.emailVerified } });
  },

  'POST /api/v1/user/password': async ({ request }) => {
    const session = await requireUser(request);
    const input = await readJson(request, changePasswordSchema);
    const { token, cookie } = await changeLearnerPassword(session, input);
    return json({ message: 'Password changed. You were logged out everywhere else.', token }, { headers: { 'set-cookie': cookie } });
  },

  'GET /api/v1/user/purchases': async ({ request }) => json({ courseData: await listPurchases(await requireUser(request)) }),
});

export const config: Config = {
  path: [
    '/api/v1/user/signup',
    '/api/v1/user/login',
    '/api/v1/user/logout',
    '/api/v1/user/me',
    '/api/v1/user/password',
    '/api/v1/user/purchases',
  ],
};
