import type { Config } from '@netlify/functions';
import { readPostmarkBounce } from '../lib/mail/index.ts';
import { recordBounce } from '../lib/outbox/index.ts';
import { json, readText, routes } from '../lib/platform/index.ts';

/** Postmark's bounce webhook: bounces and spam complaints mark an address undeliverable (README, Postmark). */
export default routes({
  'POST /api/v1/mail/postmark-webhook': async ({ request, url }) => {
    const raw = await readText(request, 512 * 1024);
    const credentials = { authorization: request.headers.get('authorization'), secretParam: url.searchParams.get('secret') };
    return json(await recordBounce(await readPostmarkBounce(raw, credentials)));
  },
});

export const config: Config = { path: '/api/v1/mail/postmark-webhook' };
