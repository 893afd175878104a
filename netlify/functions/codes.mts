import type { Config } from '@netlify/functions';
import { codePreviewSchema, feeCodePreviewSchema } from '../../src/shared/codes.ts';
import { requireUser } from '../lib/auth/index.ts';
import { previewFeesForVisitor, previewForVisitor } from '../lib/codes/index.ts';
import { clientIp, json, readJson, routes } from '../lib/platform/index.ts';

export default routes({
  /** The price with a code (a learner's session, when there is one, adds the per-person rules). */
  'POST /api/v1/codes/preview': async ({ request, context }) => {
    const body = await readJson(request, codePreviewSchema);
    const session = await requireUser(request).catch(() => null);
    return json(await previewForVisitor(body, session?.emailVerified ? session.email : null, clientIp(request, context)));
  },

  /** The code against every listed registration fee (per-person rules are checked when the fee order opens). */
  'POST /api/v1/codes/preview/fees': async ({ request, context }) => {
    const { code } = await readJson(request, feeCodePreviewSchema);
    return json(await previewFeesForVisitor(code, clientIp(request, context)));
  },
});

export const config: Config = { path: ['/api/v1/codes/preview', '/api/v1/codes/preview/fees'] };
