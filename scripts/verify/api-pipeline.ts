/**
 * The admissions pipeline on the served site, as an owner admin: a lead from the inbox moved to
 * Contacted with a note (Lost without a reason is refused), the work queue, what converts (and its
 * CSV), the team, the audit log, and a privacy request run for a requester's email.
 */
import type { ApiClient } from './api-client.ts';

export async function checkPipeline(api: ApiClient, ownerToken: string, requesterEmail: string): Promise<void> {
  const { call, good, bad } = api;
  const token = ownerToken;
  const inbox = await call('GET', '/api/v1/admin/leads?kind=contact', { token });
  const lead = inbox.body?.rows?.[0] as { kind: string; id: string } | undefined;
  const path = `/api/v1/admin/pipeline/${lead?.kind ?? 'contact'}/${lead?.id ?? '0'}`;
  await bad(
    'POST /admin/pipeline/:kind/:id/stage (Lost, no reason)',
    400,
    await call('POST', `${path}/stage`, { token, body: { stage: 'lost' } }),
  );
  await good(
    'POST /admin/pipeline/:kind/:id/stage',
    200,
    'history',
    await call('POST', `${path}/stage`, { token, body: { stage: 'contacted', note: 'Called: wants the weekend batch.' } }),
  );
  await good('GET /admin/pipeline/:kind/:id', 200, 'history', await call('GET', path, { token }));
  await bad('GET /admin/pipeline/:kind/:id (unknown kind)', 400, await call('GET', '/api/v1/admin/pipeline/gossip/1', { token }));
  await good('GET /admin/queue', 200, 'leads', await call('GET', '/api/v1/admin/queue', { token }));
  await bad('GET /admin/queue (no session)', 401, await call('GET', '/api/v1/admin/queue'));
  await good('GET /admin/insights', 200, 'tables', await call('GET', '/api/v1/admin/insights', { token }));
  await bad('GET /admin/insights (bad touch)', 400, await call('GET', '/api/v1/admin/insights?touch=middle', { token }));
  await good('GET /admin/team', 200, 'rows', await call('GET', '/api/v1/admin/team', { token }));
  await good('GET /admin/audit', 200, 'rows', await call('GET', '/api/v1/admin/audit', { token }));
  const exported = await call('POST', '/api/v1/admin/privacy/export', { token, body: { email: requesterEmail } });
  api.report.add(
    "good POST /admin/privacy/export (a requester's data)",
    '200 application/json',
    `${exported.status} ${exported.type ?? '-'}`,
    exported.status === 200 && !!exported.type?.startsWith('application/json') && exported.text.includes(requesterEmail),
  );
  await bad(
    'POST /admin/privacy/export (not an email)',
    400,
    await call('POST', '/api/v1/admin/privacy/export', { token, body: { email: 'nope' } }),
  );
  await good('GET /admin/privacy/requests', 200, 'requests', await call('GET', '/api/v1/admin/privacy/requests', { token }));
}
