/**
 * Owner alerts and the operations screen (docs/architecture.md, Operations): each scheduled job's
 * heartbeat; a late job, a stuck outbox and refused webhooks raise one alert each, emailed to the
 * owners at most once an hour while the problem lasts, and resolved once it is gone.
 */
import { describe, expect, it } from 'vitest';
import mailRetry from '../../../netlify/functions/mail-retry.mts';
import { checkOperations } from '../../../netlify/lib/operations/index.ts';
import { runJob } from '../../../netlify/lib/platform/index.ts';
import { makeAdmin, type TestAdmin } from '../leads/kit.ts';
import { call, count, sandboxWebhook, useTestDatabase } from '../support/harness.ts';

const testDb = useTestDatabase();
const alertEmails = () => count(testDb, `email_outbox where tag = 'operations-alert'`);

describe('heartbeats and alerts', () => {
  let owner: TestAdmin;
  let second: TestAdmin;

  it('every scheduled job records its successful runs and its failures', async () => {
    owner = await makeAdmin('AlertOwner', 'owner');
    second = await makeAdmin('AlertOwnerTwo', 'owner');
    expect((await mailRetry()).status).toBe(204);
    const [run] = await testDb.sql`select runs, failures, last_success_at, last_error from job_runs where job = 'mail-retry'`;
    expect(run).toMatchObject({ runs: '1', failures: '0', last_error: null });
    expect(run!.last_success_at).toBeInstanceOf(Date);

    const failed = await runJob('payments-recheck', async () => {
      throw new Error('gateway down for asha@example.com');
    });
    expect(failed.status).toBe(500);
    const [failure] = await testDb.sql`select failures, last_error, last_success_at from job_runs where job = 'payments-recheck'`;
    expect(failure).toMatchObject({ failures: '1', last_success_at: null, last_error: 'gateway down for [email]' });
  });

  it('a late job raises one alert, emailed to each owner once, not once per run; again after an hour', async () => {
    await checkOperations(); // registers every job: none is late yet
    expect(await alertEmails()).toBe(0);
    await testDb.sql`update job_runs set last_success_at = now() - interval '25 minutes' where job = 'mail-retry'`;
    for (let run = 0; run < 3; run++) await checkOperations();
    const emails = await testDb.sql<{ to_address: string; subject: string }[]>`
      select to_address, subject from email_outbox where tag = 'operations-alert' order by to_address`;
    expect(emails.map((e) => e.to_address)).toEqual([owner.email, second.email].sort());
    expect(emails[0]!.subject).toMatch(/^Aspira alert: Email retries \(mail-retry\) has not run for 25 minutes/);
    const [alert] = await testDb.sql`select problem, emails, resolved_at from operations_alerts`;
    expect(alert).toMatchObject({ problem: 'job-late:mail-retry', emails: 1, resolved_at: null });

    await testDb.sql`update operations_alerts set last_emailed_at = now() - interval '61 minutes'`;
    await checkOperations();
    await checkOperations();
    expect(await alertEmails()).toBe(4);
  });

  it('the alert is resolved once the job runs again; a counsellor gets no alert', async () => {
    await makeAdmin('AlertCounsellor', 'counsellor');
    await mailRetry();
    const result = await checkOperations();
    expect(result.resolved).toBe(1);
    expect(await count(testDb, 'operations_alerts where resolved_at is null')).toBe(0);
    expect(await count(testDb, `email_outbox where tag = 'operations-alert' and to_address like 'alertcounsellor%'`)).toBe(0);
  });

  it('an email pending for more than 30 minutes raises an alert', async () => {
    await testDb.sql`insert into email_outbox (to_address, subject, text_body, created_at, next_attempt_at)
                     values ('late@example.com', 'Stuck', 'x', now() - interval '31 minutes', now() + interval '1 hour')`;
    await checkOperations();
    const [alert] = await testDb.sql`select title from operations_alerts where problem = 'outbox-stale' and resolved_at is null`;
    expect(alert!.title).toMatch(/^Emails are not going out: the oldest of 1 pending has waited 31 minutes/);
    await testDb.sql`delete from email_outbox where to_address = 'late@example.com'`;
  });

  it('webhooks refused five times in a row raise an alert; an accepted one starts the count again', async () => {
    for (let i = 0; i < 5; i++) {
      const refused = await call('POST', '/api/v1/payment/webhook', {
        rawBody: '{"event":"payment.captured"}',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'forged' },
      });
      expect(refused.status).toBe(400);
    }
    await checkOperations();
    const [alert] =
      await testDb.sql`select title from operations_alerts where problem = 'webhooks-refused:razorpay' and resolved_at is null`;
    expect(alert!.title).toBe('Razorpay webhooks refused 5 times in a row (last: Invalid webhook signature)');
    expect((await sandboxWebhook('order_Unknown', 'pay_Unknown', 100, 'evt_ok_1')).status).toBe(200);
    const [status] = await testDb.sql`select refused_in_a_row from webhook_status where source = 'razorpay'`;
    expect(status!.refused_in_a_row).toBe(0);
  });

  it('the operations screen shows the outbox, jobs, webhooks, 24 hours and the database round trip, to owners only', async () => {
    await testDb.sql`update job_runs set last_success_at = now() - interval '3 days' where job = 'counsellor-digest'`;
    const screen = await call('GET', '/api/v1/admin/operations', { token: owner.token });
    expect(screen.status, screen.text).toBe(200);
    expect(screen.headers.get('cache-control')).toBe('no-store');
    const view = screen.body;
    expect(view.jobs.find((j: { name: string }) => j.name === 'counsellor-digest')).toMatchObject({ state: 'late', everyMinutes: 1440 });
    expect(view.jobs.find((j: { name: string }) => j.name === 'mail-retry')).toMatchObject({ state: 'on-time' });
    expect(view.webhooks.find((w: { source: string }) => w.source === 'razorpay')).toMatchObject({
      accepted24h: 1,
      refused24h: 5,
      refusedInARow: 0,
      lastRefusal: 'Invalid webhook signature',
    });
    expect(view.hours).toHaveLength(24);
    expect(view.hours.reduce((n: number, h: { refused: number }) => n + h.refused, 0)).toBe(5);
    expect(view.databaseMs).toBeGreaterThanOrEqual(0);
    expect(view.outbox).toMatchObject({ pending: expect.any(Number), bounced: 0 });
    expect(view.local).toBe(true);

    const counsellor = await makeAdmin('ScreenCounsellor', 'counsellor');
    expect((await call('GET', '/api/v1/admin/operations', { token: counsellor.token })).status).toBe(403);
    expect((await call('GET', '/api/v1/admin/operations')).status).toBe(401);
  });
});
