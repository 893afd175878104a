import type { Config } from '@netlify/functions';
import { courseIdSchema } from '../../src/shared/catalogue.ts';
import { courseBuySchema, coursePaymentSchema } from '../../src/shared/order.ts';
import { requireUser } from '../lib/auth/index.ts';
import { answeringFull } from '../lib/cohorts/index.ts';
import { requireParentConsent } from '../lib/guardians/index.ts';
import { json, mediaTypeEssence, parseWith, readJson, routes } from '../lib/platform/index.ts';
import { createCourseOrder, recordCoursePayment } from '../lib/shop/index.ts';

export default routes({
  /** Opens the checkout order for a course; the price comes from the database. */
  'POST /api/v1/course/buy/:courseId': async ({ request, params }) => {
    const session = await requireUser(request, { verified: true });
    await requireParentConsent({ table: 'accounts', id: session.accountId });
    const courseId = parseWith(courseIdSchema, params.courseId);
    // The body is optional: the buyer's first and last touch (attribution), a code and the chosen batch, never the price.
    const hasBody = mediaTypeEssence(request.headers.get('content-type')) === 'application/json';
    const { code, batchId, ...touches } = hasBody ? await readJson(request, courseBuySchema) : { code: undefined, batchId: undefined };
    return answeringFull(async () => json(await createCourseOrder(session, courseId, touches, code, batchId), { status: 201 }));
  },

  /** Records a course payment after verifying it against our order for this learner and course. */
  'POST /api/v1/order': async ({ request }) => {
    const session = await requireUser(request, { verified: true });
    const input = await readJson(request, coursePaymentSchema);
    const { status, body } = await recordCoursePayment(session, input);
    return json(body, { status });
  },
});

export const config: Config = {
  path: ['/api/v1/course/buy/:courseId', '/api/v1/order'],
};
