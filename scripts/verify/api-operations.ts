/**
 * Operations on the served site: the health endpoint an uptime monitor calls, Postmark's bounce
 * webhook (refused without its secret, accepted with it: the address is then undeliverable in the
 * database), and the owners' operations screen and its clear.
 */
import type { ApiClient, ApiContext } from './api-client.ts';

export async function checkOperationsApi(api: ApiClient, ctx: ApiContext, ownerToken: string): Promise<void> {
  const { call, good, bad, report, sql } = api;
  const health = await good('GET /health', 200, 'status', await call('GET', '/api/v1/health'));
  report.add(
    'health answers no business data',
    '{status, checks}',
    Object.keys(health.body ?? {}).join(', '),
    Object.keys(health.body ?? {}).join() === 'status,checks',
  );
  await bad('POST /health', 405, await call('POST', '/api/v1/health'));

  const address = `bounced.${Date.now()}@example.com`;
  const record = JSON.stringify({ RecordType: 'Bounce', ID: 12345, Type: 'HardBounce', TypeCode: 1, Email: address, Inactive: true, CanActivate: true, Description: 'Mailbox not found', BouncedAt: new Date().toISOString() }); // prettier-ignore
  const hook = (headers: Record<string, string>, query = '', bundle = false) =>
    call('POST', `/api/v1/mail/postmark-webhook${query}`, {
      raw: record,
      headers: { 'content-type': 'application/json', ...headers },
      bundle,
    });
  const basic = (secret: string) => ({ authorization: `Basic ${Buffer.from(`postmark:${secret}`).toString('base64')}` });
  await bad('POST /mail/postmark-webhook (no credentials) [bundle]', 401, await hook({}, '', true));
  await bad('POST /mail/postmark-webhook (wrong secret) [bundle]', 401, await hook(basic('not-the-secret-not-the-secret'), '', true));
  await good('POST /mail/postmark-webhook (basic auth)', 200, 'status', await hook(basic(ctx.postmarkWebhookSecret)));
  await good('POST /mail/postmark-webhook (?secret=)', 200, 'status', await hook({}, `?secret=${ctx.postmarkWebhookSecret}`));
  const [row] = await sql<{ reason: string }[]>`select reason from email_suppressions where address = ${address} and cleared_at is null`;
  report.add('bounce webhook marks the address undeliverable', 'hard-bounce', row?.reason ?? 'no row');

  await good('GET /admin/operations', 200, 'jobs', await call('GET', '/api/v1/admin/operations', { token: ownerToken }));
  await bad('GET /admin/operations (no session)', 401, await call('GET', '/api/v1/admin/operations'));
  await bad(
    'POST /admin/operations/bounces/clear (not an email)',
    400,
    await call('POST', '/api/v1/admin/operations/bounces/clear', { token: ownerToken, body: { address: 'nope' } }),
  );
  await good(
    'POST /admin/operations/bounces/clear',
    200,
    'bounce',
    await call('POST', '/api/v1/admin/operations/bounces/clear', { token: ownerToken, body: { address } }),
  );
}
