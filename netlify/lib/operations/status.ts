/**
 * The owners' operations screen (/admin/operations, GET /api/v1/admin/operations): the outbox,
 * undeliverable addresses, webhooks, each scheduled job's last success and lateness, the last
 * reconciliations, open alerts, the database's round trip and the last 24 hours by hour.
 */
import {
  JOBS,
  LATE_AFTER_INTERVALS,
  type HourDto,
  type JobStatusDto,
  type OperationsDto,
  type WebhookStatusDto,
} from '../../../src/shared/operations.ts';
import { outboxHealth, outboxHours, undeliverableAddresses } from '../outbox/index.ts';
import { checkHealth, db, env } from '../platform/index.ts';
import { recentAlerts, registerJobs } from './alerts.ts';
import { recentReconciliations } from './reconcile.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export async function operationsStatus(): Promise<OperationsDto> {
  const health = await checkHealth();
  const sql = db();
  await registerJobs();
  const [outbox, jobs, hooks, hours, bounces, reconciliations, alerts] = await Promise.all([
    outboxHealth(sql),
    sql<
      {
        job: string;
        last_success_at: Date | null;
        last_failure_at: Date | null;
        last_error: string | null;
        ever: boolean;
        waited_min: number;
      }[]
    >`
      select job, last_success_at, last_failure_at, last_error, last_success_at is not null as ever,
             extract(epoch from now() - coalesce(last_success_at, created_at)) / 60 as waited_min
      from job_runs`,
    sql<
      (Omit<WebhookStatusDto, 'lastAcceptedAt' | 'lastRefusedAt' | 'configured'> & {
        lastAcceptedAt: Date | null;
        lastRefusedAt: Date | null;
      })[]
    >`
      select s.source, coalesce(sum(h.accepted), 0)::int as "accepted24h", coalesce(sum(h.refused), 0)::int as "refused24h",
             s.last_accepted_at as "lastAcceptedAt", s.last_refused_at as "lastRefusedAt", s.last_refusal as "lastRefusal",
             s.refused_in_a_row as "refusedInARow"
      from webhook_status s left join webhook_hours h on h.source = s.source and h.hour > now() - interval '24 hours'
      group by s.source order by s.source`,
    lastDay(),
    undeliverableAddresses(),
    recentReconciliations(),
    recentAlerts(),
  ]);
  const byName = new Map(jobs.map((j) => [j.job, j]));
  const jobStatus: JobStatusDto[] = JOBS.map((job) => {
    const row = byName.get(job.name);
    const late = !!row && Number(row.waited_min) > job.everyMinutes * LATE_AFTER_INTERVALS;
    return {
      name: job.name,
      label: job.label,
      everyMinutes: job.everyMinutes,
      lastSuccessAt: iso(row?.last_success_at ?? null),
      lastFailureAt: iso(row?.last_failure_at ?? null),
      lastError: row?.last_error ?? null,
      state: late ? 'late' : row?.ever ? 'on-time' : 'never',
    };
  });
  return {
    checkedAt: new Date().toISOString(),
    databaseMs: health.databaseMs ?? -1,
    local: env().isLocal,
    outbox: {
      pending: outbox?.pending ?? 0,
      oldestPendingAt: iso(outbox?.oldest ?? null),
      failed24h: outbox?.failed ?? 0,
      suppressed24h: outbox?.suppressed ?? 0,
      bounced: outbox?.bounced ?? 0,
    },
    bounces,
    webhooks: (['razorpay', 'postmark', 'whatsapp', 'zoom'] as const).map((source) => {
      const hook = hooks.find((h) => h.source === source);
      const config = env();
      return {
        source,
        configured: {
          razorpay: !!config.RAZORPAY_WEBHOOK_SECRET || config.isLocal,
          postmark: !!config.POSTMARK_WEBHOOK_SECRET,
          // Without its keys a deploy sends no WhatsApp (email carries everything): shown here.
          whatsapp: !!config.WHATSAPP_APP_SECRET || config.isLocal,
          // Without its keys a deploy makes no meetings for live classes (docs/zoom.md).
          zoom: !!config.ZOOM_WEBHOOK_SECRET_TOKEN || config.isLocal,
        }[source],
        accepted24h: hook?.accepted24h ?? 0,
        refused24h: hook?.refused24h ?? 0,
        lastAcceptedAt: iso(hook?.lastAcceptedAt ?? null),
        lastRefusedAt: iso(hook?.lastRefusedAt ?? null),
        lastRefusal: hook?.lastRefusal ?? null,
        refusedInARow: hook?.refusedInARow ?? 0,
      };
    }),
    jobs: jobStatus,
    reconciliations,
    alerts,
    hours,
  };
}

/** The last 24 whole hours and this one: emails by outcome (by when written), webhooks by outcome. */
async function lastDay(): Promise<HourDto[]> {
  const sql = db();
  const [rows, mail] = await Promise.all([
    sql<{ hour: Date; accepted: number; refused: number }[]>`
      with hours as (select generate_series(date_trunc('hour', now()) - interval '23 hours', date_trunc('hour', now()), interval '1 hour') as hour),
      hooks as (
        select hour, sum(accepted)::int as accepted, sum(refused)::int as refused
        from webhook_hours where hour >= date_trunc('hour', now()) - interval '23 hours' group by 1)
      select h.hour, coalesce(w.accepted, 0) as accepted, coalesce(w.refused, 0) as refused
      from hours h left join hooks w on w.hour = h.hour order by h.hour`,
    outboxHours(sql),
  ]);
  const byHour = new Map(mail.map((m) => [new Date(m.hour).getTime(), m]));
  return rows.map((r) => {
    const m = byHour.get(new Date(r.hour).getTime());
    const hour = new Date(r.hour).toISOString();
    return { hour, sent: m?.sent ?? 0, failed: m?.failed ?? 0, suppressed: m?.suppressed ?? 0, accepted: r.accepted, refused: r.refused };
  });
}
