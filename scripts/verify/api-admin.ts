/**
 * The admin's endpoints on the served site, good and bad: invite-only signup, login, course create
 * (with a real image), update and delete, the leads inbox, logout. Returns the course it created,
 * whose pages the route check then requests.
 */
import sharp from 'sharp';
import type { ApiClient, ApiContext } from './api-client.ts';
import { confirmByLink } from './api-accounts.ts';
import { checkCodesAndPlans } from './api-codes-plans.ts';
import { checkMoney } from './api-money.ts';
import { checkOperationsApi } from './api-operations.ts';
import { checkPipeline } from './api-pipeline.ts';

export async function checkAdminApi(
  api: ApiClient,
  ctx: ApiContext,
  learner: { token: string; courseOrderId: string; email: string },
): Promise<{ courseId: string }> {
  const learnerToken = learner.token;
  const { call, good, bad, report } = api;
  const stamp = Date.now();
  // Admin: invite-only signup, login, course writes, leads, logout.
  const admin = { firstName: 'Anil', lastName: 'Das', email: `admin.${stamp}@aspira.example`, password: 'tidal lantern orbit 42' };
  await bad(
    'POST /admin/signup (wrong invite) [bundle]',
    403,
    await call('POST', '/api/v1/admin/signup', { body: { ...admin, inviteCode: 'wrong' }, bundle: true }),
  );
  await good(
    'POST /admin/signup',
    201,
    'message',
    await call('POST', '/api/v1/admin/signup', { body: { ...admin, inviteCode: ctx.inviteCode } }),
  );
  await confirmByLink(api, 'admin', admin.email);
  await bad(
    'POST /admin/login (wrong password)',
    401,
    await call('POST', '/api/v1/admin/login', { body: { email: admin.email, password: 'wrong-password-1' } }),
  );
  const adminLogin = await good(
    'POST /admin/login',
    200,
    'token',
    await call('POST', '/api/v1/admin/login', { body: { email: admin.email, password: admin.password } }),
  );
  const adminToken = adminLogin.body?.token as string;
  await checkMoney(api, adminToken, learnerToken, learner.courseOrderId);
  await checkCodesAndPlans(api, adminToken, learnerToken);
  const image = await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 20, g: 80, b: 160 } } })
    .jpeg()
    .toBuffer();
  const courseForm = (withImage: boolean) => {
    const form = new FormData();
    form.append('title', `Verified Course ${stamp}`);
    form.append('description', 'A course created by the deploy verification.');
    form.append('price', '4999');
    form.append('duration', '3 months');
    if (withImage) form.append('image', new File([new Uint8Array(image)], 'cover.jpg', { type: 'image/jpeg' }));
    return form;
  };
  await bad('POST /course/create (no session)', 401, await call('POST', '/api/v1/course/create', { form: courseForm(true) }));
  const created = await good(
    'POST /course/create',
    201,
    'course',
    await call('POST', '/api/v1/course/create', { form: courseForm(true), token: adminToken }),
  );
  const courseId = created.body?.course?._id as string;
  const imageUrl = created.body?.course?.image?.url as string | undefined;
  if (imageUrl) {
    const imageAnswer = await fetch(`${ctx.base}${imageUrl}`);
    report.add('good GET /images/:id', '200 image/webp', `${imageAnswer.status} ${imageAnswer.headers.get('content-type')}`);
  } else {
    report.add('good GET /images/:id', '200 image/webp', 'no course was created', false);
  }
  await bad('GET /images/:id (not an id)', 400, await call('GET', '/api/v1/images/not-an-id'));
  await bad(
    'PUT /course/update/:id (no title)',
    400,
    await call('PUT', `/api/v1/course/update/${courseId}`, { form: withoutTitle(courseForm(false)), token: adminToken }),
  );
  await good(
    'PUT /course/update/:id',
    200,
    'course',
    await call('PUT', `/api/v1/course/update/${courseId}`, { form: courseForm(false), token: adminToken }),
  );
  await good('GET /admin/leads', 200, 'rows', await call('GET', '/api/v1/admin/leads', { token: adminToken }));
  await bad(
    'GET /admin/leads (learner token) [bundle]',
    403,
    await call('GET', '/api/v1/admin/leads', { token: learnerToken, bundle: true }),
  );
  const extra = await call('POST', '/api/v1/course/create', { form: courseForm(true), token: adminToken });
  await bad(
    'DELETE /course/delete/:id (unknown) [bundle]',
    404,
    await call('DELETE', `/api/v1/course/delete/${'e'.repeat(24)}`, { token: adminToken, bundle: true }),
  );
  await good(
    'DELETE /course/delete/:id',
    200,
    'message',
    await call('DELETE', `/api/v1/course/delete/${extra.body?.course?._id}`, { token: adminToken }),
  );
  await checkPipeline(api, adminToken, learner.email);
  await checkOperationsApi(api, ctx, adminToken);
  await good('GET /admin/logout', 200, 'message', await call('GET', '/api/v1/admin/logout', { token: adminToken }));
  await bad('GET /admin/logout (no session)', 401, await call('GET', '/api/v1/admin/logout'));
  return { courseId };
}

function withoutTitle(form: FormData): FormData {
  form.delete('title');
  return form;
}
