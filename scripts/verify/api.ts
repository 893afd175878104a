/**
 * Every API endpoint on the served site, once with a good request and once with a bad one. Good
 * requests build on each other: a registration paid in the sandbox, a learner who buys a course (by
 * checkout and by webhook), then an admin who manages courses and reads the leads (api-admin.ts).
 */
import { createHmac } from 'node:crypto';
import { apiClient, type ApiClient, type ApiContext } from './api-client.ts';
import { checkAdminApi } from './api-admin.ts';
import { checkRecovery, confirmByLink } from './api-accounts.ts';
import { checkInvoiceDownload } from './api-money.ts';
import { checkDocuments } from './api-documents.ts';
import { checkMeetingsApi } from './api-meetings.ts';
import { checkMessagingApi } from './api-messaging.ts';
import { checkPrivacyChoicesApi } from './api-privacy-choices.ts';
import type { Bundles } from './bundled.ts';
import { FIXED_COURSES } from './routes.ts';
import type { Report } from './report.ts';

export async function checkApi(report: Report, ctx: ApiContext, bundles: Bundles): Promise<{ courseId: string }> {
  const api = apiClient(report, ctx, bundles);
  try {
    const learner = await checkPublicApi(api, ctx);
    await checkDocuments(api);
    await checkMessagingApi(api);
    const created = await checkAdminApi(api, ctx, learner);
    // After the admin checks: the first admin to sign up is the owner they rely on.
    await checkMeetingsApi(api, ctx, learner);
    return created;
  } finally {
    await api.close();
  }
}

async function checkPublicApi(api: ApiClient, ctx: ApiContext): Promise<{ token: string; courseOrderId: string; email: string }> {
  const { call, good, bad, latestOtp } = api;
  const stamp = Date.now();
  const course = FIXED_COURSES[0]!;

  // Catalogue.
  await good('GET /course/courses', 200, 'courses', await call('GET', '/api/v1/course/courses'));
  await good('GET /course/:id', 200, 'course', await call('GET', `/api/v1/course/${course}`));
  await bad('GET /course/:id (unknown) [bundle]', 404, await call('GET', `/api/v1/course/${'f'.repeat(24)}`, { bundle: true }));
  await bad('GET /course/:id (not an id)', 400, await call('GET', '/api/v1/course/not-an-id'));

  // Leads.
  const contact = { Name: 'Asha Verma', Number: '98100 42424', email: `lead.${stamp}@example.com`, comments: 'Which course?' };
  await good('POST /user/contactus', 201, 'message', await call('POST', '/api/v1/user/contactus', { body: contact }));
  await bad('POST /user/contactus (no email)', 400, await call('POST', '/api/v1/user/contactus', { body: { ...contact, email: '' } }));
  const scholarship = {
    name: 'Ravi Kumar',
    email: `sch.${stamp}@example.com`,
    phone: '98100 42424',
    institute: 'Delhi University',
    message: 'Please consider me.',
  };
  await good('POST /user/scholarship', 201, 'message', await call('POST', '/api/v1/user/scholarship', { body: scholarship }));
  await bad(
    'POST /user/scholarship (no institute)',
    400,
    await call('POST', '/api/v1/user/scholarship', { body: { ...scholarship, institute: '' } }),
  );
  await good('POST /user/tank', 201, 'message', await call('POST', '/api/v1/user/tank', { body: pitch(`pitch.${stamp}@example.com`) }));
  await bad(
    'POST /user/tank (bad deck link)',
    400,
    await call('POST', '/api/v1/user/tank', { body: { ...pitch('x@example.com'), pitchDeckLink: 'nope' } }),
  );
  await bad(
    'POST /user/tank (text/plain)',
    415,
    await call('POST', '/api/v1/user/tank', { raw: JSON.stringify(pitch('y@example.com')), headers: { 'content-type': 'text/plain' } }),
  );

  // Registration: OTP, register, fee order, sandbox checkout, paid.
  const applicant = `applicant.${stamp}@example.com`;
  await good('POST /otp/send', 200, 'success', await call('POST', '/api/v1/otp/send', { body: { email: applicant } }));
  await bad('POST /otp/send (bad email)', 400, await call('POST', '/api/v1/otp/send', { body: { email: 'not-an-email' } }));
  await bad('POST /otp/verify (wrong code)', 400, await call('POST', '/api/v1/otp/verify', { body: { email: applicant, otp: 'abcdef' } }));
  const verified = await good(
    'POST /otp/verify',
    200,
    'verificationToken',
    await call('POST', '/api/v1/otp/verify', { body: { email: applicant, otp: await latestOtp(applicant) } }),
  );
  const registration = {
    name: 'Asha Verma',
    email: applicant,
    phone: '+91 98765 43210',
    fatherName: 'Ravi Verma',
    dateOfBirth: '1998-05-14',
    qualification: 'B.Com',
    highschool: '86.5',
    university: '',
    sop: '',
    experience: '',
    motivation: 'A career in marketing.',
  };
  await bad('POST /user/register-unpaid (no token)', 400, await call('POST', '/api/v1/user/register-unpaid', { body: registration }));
  const unpaid = await good(
    'POST /user/register-unpaid',
    201,
    'registrationToken',
    await call('POST', '/api/v1/user/register-unpaid', {
      body: { ...registration, verificationToken: verified.body?.verificationToken },
    }),
  );
  const registrationToken = unpaid.body?.registrationToken;
  await bad(
    'POST /payment/create-order (unknown fee)',
    400,
    await call('POST', '/api/v1/payment/create-order', { body: { registrationToken, feeOption: 'free' } }),
  );
  const feeOrder = await good(
    'POST /payment/create-order',
    201,
    'order',
    await call('POST', '/api/v1/payment/create-order', { body: { registrationToken, feeOption: 'online', state: '06' } }),
  );
  await bad(
    'POST /payment/sandbox/pay (bad outcome)',
    400,
    await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: feeOrder.body?.order?.id, outcome: 'maybe' } }),
  );
  const feePaid = await good(
    'POST /payment/sandbox/pay',
    200,
    'razorpay_signature',
    await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: feeOrder.body?.order?.id, outcome: 'success' } }),
  );
  const { success: _s, ...feeResult } = feePaid.body ?? {};
  await bad(
    'POST /user/register-paid (tampered signature)',
    400,
    await call('POST', '/api/v1/user/register-paid', { body: { registrationToken, ...feeResult, razorpay_signature: 'f'.repeat(64) } }),
  );
  await good(
    'POST /user/register-paid',
    200,
    'success',
    await call('POST', '/api/v1/user/register-paid', { body: { registrationToken, ...feeResult } }),
  );

  // Learner account and a course purchase.
  const learner = { firstName: 'Meera', lastName: 'Iyer', email: `learner.${stamp}@example.com`, password: 'learn2grow-verify' };
  await good('POST /user/signup', 201, 'message', await call('POST', '/api/v1/user/signup', { body: learner }));
  await confirmByLink(api, 'user', learner.email);
  await bad(
    'POST /user/signup (short password)',
    400,
    await call('POST', '/api/v1/user/signup', { body: { ...learner, email: `x.${stamp}@example.com`, password: 'short' } }),
  );
  await bad(
    'POST /user/login (wrong password)',
    401,
    await call('POST', '/api/v1/user/login', { body: { email: learner.email, password: 'wrong-password-1' } }),
  );
  const login = await good(
    'POST /user/login',
    200,
    'token',
    await call('POST', '/api/v1/user/login', { body: { email: learner.email, password: learner.password } }),
  );
  const token = login.body?.token as string;
  await good('GET /user/me', 200, 'user', await call('GET', '/api/v1/user/me', { token }));
  await bad('GET /user/me (no session)', 401, await call('GET', '/api/v1/user/me'));
  await bad('POST /course/buy/:id (no session)', 401, await call('POST', `/api/v1/course/buy/${course}`));
  await bad('POST /course/buy/:id (no billing state)', 400, await call('POST', `/api/v1/course/buy/${course}`, { token }));
  await bad(
    'PUT /billing (bad GSTIN)',
    400,
    await call('PUT', '/api/v1/billing', { token, body: { state: '29', gstin: '29AAPFU0939F1ZX', businessName: 'Acme' } }),
  );
  await good(
    'PUT /billing',
    200,
    'billing',
    await call('PUT', '/api/v1/billing', { token, body: { state: '29', gstin: '', businessName: '' } }),
  );
  const order = await good('POST /course/buy/:id', 201, 'orderId', await call('POST', `/api/v1/course/buy/${course}`, { token }));
  const paid =
    (await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: order.body?.orderId, outcome: 'success' } })).body ?? {};
  const { success: _p, ...checkout } = paid;
  await bad(
    'POST /order (wrong course)',
    400,
    await call('POST', '/api/v1/order', { token, body: { courseId: FIXED_COURSES[1], ...checkout } }),
  );
  await good('POST /order', 200, 'paymentId', await call('POST', '/api/v1/order', { token, body: { courseId: course, ...checkout } }));
  await good('GET /user/purchases', 200, 'courseData', await call('GET', '/api/v1/user/purchases', { token }));
  await checkInvoiceDownload(api, token);
  await bad('GET /user/purchases (no session)', 401, await call('GET', '/api/v1/user/purchases'));

  // The webhook completes a second purchase whose tab was closed.
  const second = await call('POST', `/api/v1/course/buy/${FIXED_COURSES[1]}`, { token });
  const secondPaid =
    (await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: second.body?.orderId, outcome: 'success' } })).body ?? {};
  const event = JSON.stringify({
      entity: 'event', event: 'payment.captured', contains: ['payment'], created_at: Math.floor(Date.now() / 1000),
      payload: { payment: { entity: { entity: 'payment', id: secondPaid.razorpay_payment_id, order_id: second.body?.orderId, amount: second.body?.amount, currency: 'INR', status: 'captured', method: 'upi' } } },
    }); // prettier-ignore
  const signature = createHmac('sha256', ctx.sandboxSecret).update(event).digest('hex');
  const hook = (sig: string) =>
    call('POST', '/api/v1/payment/webhook', {
      raw: event,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': sig, 'x-razorpay-event-id': `evt_verify_${stamp}` },
    });
  await bad('POST /payment/webhook (bad signature)', 400, await hook('0'.repeat(64)));
  await good('POST /payment/webhook', 200, 'status', await hook(signature));

  await bad(
    'POST /user/password (wrong current)',
    400,
    await call('POST', '/api/v1/user/password', { token, body: { currentPassword: 'not-it-123', newPassword: 'another-pass-42' } }),
  );
  const changed = await good(
    'POST /user/password',
    200,
    'token',
    await call('POST', '/api/v1/user/password', { token, body: { currentPassword: learner.password, newPassword: 'another-pass-42' } }),
  );
  await good('GET /user/logout', 200, 'message', await call('GET', '/api/v1/user/logout', { token: changed.body?.token }));
  await bad(
    'GET /user/logout (from another site) [bundle]',
    403,
    await call('GET', '/api/v1/user/logout', { token: changed.body?.token, headers: { 'sec-fetch-site': 'cross-site' }, bundle: true }),
  );

  await checkRecovery(api, stamp);
  await checkPrivacyChoicesApi(api, stamp);
  // The password change and logout ended the first session: what follows uses a new one.
  const again = await good(
    'POST /user/login (new password)',
    200,
    'token',
    await call('POST', '/api/v1/user/login', { body: { email: learner.email, password: 'another-pass-42' } }),
  );
  return { token: again.body?.token as string, courseOrderId: order.body?.orderId as string, email: learner.email };
}

function pitch(email: string) {
  return {
    Name: 'Kabir Shah', Number: '+44 20 7946 0958', email, location: 'Bengaluru', linkedin: '', startupName: 'LearnLoop',
    website: '', stage: 'MVP / Prototype ready', comments: 'Looking for mentors.', industries: ['EdTech'], otherIndustry: '',
    startupIdea: 'Adaptive practice.', problem: 'Drop-outs.', audience: 'Job seekers.', uvp: 'Bite-size practice.', funding: '',
    usage: 'Mentoring.', equity: '', team: 'Two founders.', vision: 'Job-ready in 90 days.', pitchDeckLink: 'https://docs.example.com/deck.pdf',
    demoLink: '', heardFrom: '', additionalComments: '',
  }; // prettier-ignore
}
