import type { Config } from '@netlify/functions';
import { breachPreviewSchema, breachSendSchema } from '../../src/shared/breach.ts';
import { requireOwner } from '../lib/auth/index.ts';
import { json, readJson, routes } from '../lib/platform/index.ts';
import { previewBreach, sendBreachNotices } from '../lib/privacy/index.ts';

/** Breach help (DPDP Rules r.7), owners only: preview who is affected and the drafts; send only with "SEND". */
export default routes({
  'POST /api/v1/admin/breach/preview': async ({ request }) => {
    await requireOwner(request);
    const { from, to, tables, ids, ...facts } = await readJson(request, breachPreviewSchema);
    return json(await previewBreach({ from, to, tables, ids }, facts));
  },

  'POST /api/v1/admin/breach/send': async ({ request }) => {
    const owner = await requireOwner(request);
    const { from, to, tables, ids, confirm: _confirm, ...facts } = await readJson(request, breachSendSchema);
    return json(await sendBreachNotices(owner, { from, to, tables, ids }, facts));
  },
});

export const config: Config = { path: ['/api/v1/admin/breach/preview', '/api/v1/admin/breach/send'] };
