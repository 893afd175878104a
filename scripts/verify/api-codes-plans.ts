/**
 * Codes and fee plans on the served site: an owner creates a 100% scholarship code, a visitor
 * previews it, the learner buys a course with it without any gateway payment; the owner creates a
 * fee plan, the learner enrols, pays part 1 through the sandbox checkout and sees the other parts
 * due; the dues list and its CSV.
 */
import type { ApiClient } from './api-client.ts';
import { FIXED_COURSES } from './routes.ts';

export async function checkCodesAndPlans(api: ApiClient, ownerToken: string, learnerToken: string): Promise<void> {
  const { call, good, bad, report } = api;
  const stamp = Date.now().toString(36).toUpperCase();
  const code = `VERIFY-${stamp}`;
  const course = FIXED_COURSES[3];
  const codeForm = {
    code,
    description: 'Deploy verification scholarship',
    kind: 'percent',
    percentOff: 100,
    scope: 'all-courses',
    maxUses: 1,
  };
  await bad(
    'POST /admin/codes (a learner) [bundle]',
    403,
    await call('POST', '/api/v1/admin/codes', { token: learnerToken, body: codeForm, bundle: true }),
  );
  await bad(
    'POST /admin/codes (150%)',
    400,
    await call('POST', '/api/v1/admin/codes', { token: ownerToken, body: { ...codeForm, percentOff: 150 } }),
  );
  await good(
    'POST /admin/codes (100%, one use)',
    201,
    'code',
    await call('POST', '/api/v1/admin/codes', { token: ownerToken, body: codeForm }),
  );
  await bad(
    'POST /codes/preview (no such code)',
    400,
    await call('POST', '/api/v1/codes/preview', { body: { code: 'NOPE-0000', target: { kind: 'course', courseId: course } } }),
  );
  const preview = await good(
    'POST /codes/preview',
    200,
    'totalPaise',
    await call('POST', '/api/v1/codes/preview', { body: { code, target: { kind: 'course', courseId: course } } }),
  );
  report.add('good preview is free', 'totalPaise 0', `totalPaise ${preview.body?.totalPaise}`, preview.body?.totalPaise === 0);
  const free = await good(
    'POST /course/buy/:id (100% code: paid, no gateway)',
    201,
    'orderId',
    await call('POST', `/api/v1/course/buy/${course}`, { token: learnerToken, body: { code } }),
  );
  report.add('good free order is paid', 'paid true', `paid ${free.body?.paid}`, free.body?.paid === true);
  const codes = await good('GET /admin/codes', 200, 'rows', await call('GET', '/api/v1/admin/codes', { token: ownerToken }));
  const row = (codes.body?.rows as { code: string; uses: number }[] | undefined)?.find((c) => c.code === code);
  report.add('good the code counts its use', 'uses 1', `uses ${row?.uses}`, row?.uses === 1);

  // A fee plan in two parts: enrol, pay part 1, part 2 stays due.
  const plan = {
    slug: `verify-${stamp.toLowerCase()}`,
    name: `Verification plan ${stamp}`,
    programme: 'AspiraAdmit',
    registrationFeeOption: null,
    parts: [
      { label: 'Part 1', amount: 500, dueAfterDays: 0 },
      { label: 'Part 2', amount: 500, dueAfterDays: 30 },
    ],
  };
  await bad(
    'POST /admin/plans (no parts)',
    400,
    await call('POST', '/api/v1/admin/plans', { token: ownerToken, body: { ...plan, parts: [] } }),
  );
  const created = await good(
    'POST /admin/plans',
    201,
    'plan',
    await call('POST', '/api/v1/admin/plans', { token: ownerToken, body: plan }),
  );
  const planId = created.body?.plan?.id as string;
  await good('GET /plans', 200, 'plans', await call('GET', '/api/v1/plans'));
  const enrolled = await good(
    'POST /plans/:id/enrol',
    201,
    'enrolment',
    await call('POST', `/api/v1/plans/${planId}/enrol`, { token: learnerToken, body: {} }),
  );
  await bad('POST /plans/:id/enrol (again)', 409, await call('POST', `/api/v1/plans/${planId}/enrol`, { token: learnerToken, body: {} }));
  const [first, second] = (enrolled.body?.enrolment?.parts ?? []) as { id: string }[];
  const order = await good(
    'POST /plans/parts/:id/order',
    201,
    'orderId',
    await call('POST', `/api/v1/plans/parts/${first?.id}/order`, { token: learnerToken }),
  );
  const { success: _paid, ...checkout } =
    (await call('POST', '/api/v1/payment/sandbox/pay', { body: { orderId: order.body?.orderId, outcome: 'success' } })).body ?? {};
  await good(
    'POST /plans/parts/:id/pay',
    200,
    'paymentId',
    await call('POST', `/api/v1/plans/parts/${first?.id}/pay`, { token: learnerToken, body: checkout }),
  );
  await bad(
    'POST /plans/parts/:id/order (paid part)',
    409,
    await call('POST', `/api/v1/plans/parts/${first?.id}/order`, { token: learnerToken }),
  );
  const mine = await good('GET /plans/mine', 200, 'enrolments', await call('GET', '/api/v1/plans/mine', { token: learnerToken }));
  const parts = (mine.body?.enrolments as { id: string; parts: { id: string; status: string }[] }[] | undefined)?.find(
    (e) => e.id === enrolled.body?.enrolment?.id,
  )?.parts;
  const statuses = parts?.map((p) => p.status).join(', ') ?? 'none';
  report.add('good part 1 paid, part 2 due', 'paid, due', statuses, statuses === 'paid, due' && parts?.[1]?.id === second?.id);
  await good('GET /admin/dues', 200, 'rows', await call('GET', '/api/v1/admin/dues', { token: ownerToken }));
  const csv = await call('GET', '/api/v1/admin/dues.csv', { token: ownerToken });
  report.add(
    'good GET /admin/dues.csv',
    '200 text/csv',
    `${csv.status} ${csv.type ?? '-'}`,
    csv.status === 200 && !!csv.type?.startsWith('text/csv'),
  );
}
