import type { Config } from '@netlify/functions';
import { enrolSchema, partIdSchema, partPaymentSchema, planIdSchema } from '../../src/shared/instalments.ts';
import { requireUser } from '../lib/auth/index.ts';
import { requireParentConsent } from '../lib/guardians/index.ts';
import { json, parseWith, readJson, routes } from '../lib/platform/index.ts';
import { ALREADY_ENROLLED, enrol, openPartOrder, verifyPartPayment, listActivePlans, enrolmentsOf } from '../lib/instalments/index.ts';

/** Fee plans for learners: the plans open for enrolment, their own schedules, enrolling, paying a part. */
export default routes({
  'GET /api/v1/plans': async () => json({ plans: await listActivePlans() }),

  'GET /api/v1/plans/mine': async ({ request }) => {
    const session = await requireUser(request, { verified: true });
    return json({ enrolments: await enrolmentsOf(session.accountId) });
  },

  'POST /api/v1/plans/:id/enrol': async ({ request, params }) => {
    const session = await requireUser(request, { verified: true });
    await requireParentConsent({ table: 'accounts', id: session.accountId });
    const planId = parseWith(planIdSchema, params.id);
    const input = await readJson(request, enrolSchema);
    const answer = await enrol(session, planId, input);
    if (answer.status === 409) return json({ errors: [ALREADY_ENROLLED], enrolment: answer.enrolment }, { status: 409 });
    return json({ enrolment: answer.enrolment }, { status: 201 });
  },

  /** Opens the checkout for one part, at the amount the server keeps for it. */
  'POST /api/v1/plans/parts/:partId/order': async ({ request, params }) => {
    const session = await requireUser(request, { verified: true });
    await requireParentConsent({ table: 'accounts', id: session.accountId });
    const partId = parseWith(partIdSchema, params.partId);
    const { status, body } = await openPartOrder(session, partId);
    return json(body, { status });
  },

  /** Records a part's payment after verifying it against our order for this learner and part. */
  'POST /api/v1/plans/parts/:partId/pay': async ({ request, params }) => {
    const session = await requireUser(request, { verified: true });
    const partId = parseWith(partIdSchema, params.partId);
    const result = await readJson(request, partPaymentSchema);
    const { status, body } = await verifyPartPayment(session, partId, result);
    return json(body, { status });
  },
});

export const config: Config = {
  path: [
    '/api/v1/plans',
    '/api/v1/plans/mine',
    '/api/v1/plans/:id/enrol',
    '/api/v1/plans/parts/:partId/order',
    '/api/v1/plans/parts/:partId/pay',
  ],
};
