/**
 * Owner alerts (docs/architecture.md, Operations): the scheduled operations check looks for
 * problems (a job late by twice its interval, the oldest pending email older than 30 minutes, a
 * reconciled day that does not match, webhooks refused again and again), keeps one open row per
 * problem, and emails the owners through the outbox at most once an hour per problem while it
 * lasts. A problem that is gone is marked resolved; should it come back, it is a new one.
 */
import {
  ALERT_REPEAT_MINUTES,
  JOBS,
  LATE_AFTER_INTERVALS,
  OUTBOX_STALE_MINUTES,
  WEBHOOK_REFUSALS_ALERT,
  type AlertDto,
} from '../../../src/shared/operations.ts';
import { enqueueEmail, outboxBacklog } from '../outbox/index.ts';
import { db, type Db, env, log, type Tx } from '../platform/index.ts';
import { operationsAlertEmail } from './emails.ts';

export type Problem = { key: string; title: string };

const minutes = (n: number) =>
  n < 120 ? `${Math.round(n)} minutes` : n < 2880 ? `${Math.round(n / 60)} hours` : `${Math.round(n / 1440)} days`;

/** Every scheduled job has a heartbeat row from the first check on, so one that never runs is late too. */
export async function registerJobs(sql: Db = db()): Promise<void> {
  await sql`insert into job_runs (job) select unnest(${JOBS.map((j) => j.name)}::text[]) on conflict (job) do nothing`;
}

/** What is wrong now (database time). */
export async function currentProblems(sql: Db = db()): Promise<Problem[]> {
  const problems: Problem[] = [];
  const jobs = await sql<{ job: string; waited_min: number; ever: boolean }[]>`
    select job, extract(epoch from now() - coalesce(last_success_at, created_at)) / 60 as waited_min, last_success_at is not null as ever
    from job_runs`;
  for (const job of JOBS) {
    const row = jobs.find((j) => j.job === job.name);
    if (!row || Number(row.waited_min) <= job.everyMinutes * LATE_AFTER_INTERVALS) continue;
    const waited = minutes(Number(row.waited_min));
    problems.push({
      key: `job-late:${job.name}`,
      title: row.ever
        ? `${job.label} (${job.name}) has not run for ${waited}; it runs every ${minutes(job.everyMinutes)}`
        : `${job.label} (${job.name}) has never run in ${waited}; it runs every ${minutes(job.everyMinutes)}`,
    });
  }
  const outbox = await outboxBacklog(sql);
  if (outbox.waited_min !== null && Number(outbox.waited_min) > OUTBOX_STALE_MINUTES) {
    problems.push({
      key: 'outbox-stale',
      title: `Emails are not going out: the oldest of ${outbox.pending} pending has waited ${minutes(Number(outbox.waited_min))}`,
    });
  }
  const days = await sql<{ day: string; status: string; mismatches: number }[]>`
    select day::text as day, status, jsonb_array_length(mismatches)::int as mismatches from reconciliations
    where status <> 'clean' and day > (now() at time zone 'Asia/Kolkata')::date - 8 order by day`;
  for (const day of days) {
    problems.push(
      day.status === 'failed'
        ? { key: `reconcile-failed:${day.day}`, title: `The reconciliation of ${day.day} could not ask the payment gateway` }
        : {
            key: `reconcile:${day.day}`,
            title: `Payments of ${day.day} do not match the gateway: ${day.mismatches} ${day.mismatches === 1 ? 'difference' : 'differences'}`,
          },
    );
  }
  const hooks = await sql<{ source: string; refused_in_a_row: number; last_refusal: string | null }[]>`
    select source, refused_in_a_row, last_refusal from webhook_status where refused_in_a_row >= ${WEBHOOK_REFUSALS_ALERT}`;
  for (const hook of hooks) {
    const name =
      ({ razorpay: 'Razorpay', postmark: 'Postmark', whatsapp: 'WhatsApp', zoom: 'Zoom' } as Record<string, string>)[hook.source] ??
      hook.source;
    problems.push({
      key: `webhooks-refused:${hook.source}`,
      title: `${name} webhooks refused ${hook.refused_in_a_row} times in a row (last: ${hook.last_refusal ?? 'unknown'})`,
    });
  }
  return problems;
}

/** Where alerts go: the active owners with a confirmed email; TEAM_EMAIL when there are none. */
async function ownerAddresses(tx: Tx): Promise<string[]> {
  const owners = await tx<{ email: string }[]>`
    select a.email from accounts a left join admin_profiles p on p.account_id = a.id
    where a.role = 'admin' and a.admin_role = 'owner' and coalesce(p.active, true) and a.email_verified_at is not null
    order by a.created_at`;
  return owners.length ? owners.map((o) => o.email) : [env().TEAM_EMAIL];
}

export type CheckResult = { problems: number; emailed: number; resolved: number };

/** The scheduled check: record what is wrong, email what is due, resolve what is gone. */
export async function checkOperations(): Promise<CheckResult> {
  return db().begin(async (tx) => {
    // Two checks at once would email twice: one at a time.
    await tx`select 1 as locked from (select pg_advisory_xact_lock(hashtext('aspira:operations-alerts'))) as l`;
    await registerJobs(tx);
    const problems = await currentProblems(tx);
    for (const problem of problems) {
      const [open] = await tx`update operations_alerts set last_seen_at = now(), title = ${problem.title}
                              where problem = ${problem.key} and resolved_at is null returning id`;
      if (!open)
        await tx`insert into operations_alerts (problem, title, first_seen_at, last_seen_at)
                 values (${problem.key}, ${problem.title}, now(), now())`;
    }
    const resolved = await tx`update operations_alerts set resolved_at = now()
      where resolved_at is null and problem <> all(${problems.map((p) => p.key)}::text[])`;
    const open = await tx<{ id: string; title: string; first_seen_at: Date; due: boolean }[]>`
      select id::text as id, title, first_seen_at,
             (last_emailed_at is null or last_emailed_at <= now() - make_interval(mins => ${ALERT_REPEAT_MINUTES})) as due
      from operations_alerts where resolved_at is null order by first_seen_at, id`;
    const due = open.filter((a) => a.due);
    let emailed = 0;
    if (due.length) {
      const content = operationsAlertEmail(
        due.map((a) => ({ title: a.title, firstSeenAt: a.first_seen_at })),
        open.filter((a) => !a.due).map((a) => ({ title: a.title, firstSeenAt: a.first_seen_at })),
      );
      for (const to of await ownerAddresses(tx)) {
        if (await enqueueEmail(tx, { to, ...content, tag: 'operations-alert' })) emailed++;
      }
      await tx`update operations_alerts set last_emailed_at = now(), emails = emails + 1 where id in ${tx(due.map((a) => a.id))}`;
      log.error('operations alert', { problems: due.map((a) => a.title) });
    }
    return { problems: problems.length, emailed, resolved: resolved.count };
  });
}

type AlertRow = { problem: string; title: string; first_seen_at: Date; last_emailed_at: Date | null; resolved_at: Date | null };

/** Open alerts, then those resolved in the last day (the operations screen). */
export async function recentAlerts(): Promise<AlertDto[]> {
  const rows = await db()<AlertRow[]>`
    select problem, title, first_seen_at, last_emailed_at, resolved_at from operations_alerts
    where resolved_at is null or resolved_at > now() - interval '1 day'
    order by resolved_at is not null, first_seen_at desc limit 50`;
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return rows.map((r) => ({
    problem: r.problem,
    title: r.title,
    firstSeenAt: new Date(r.first_seen_at).toISOString(),
    lastEmailedAt: iso(r.last_emailed_at),
    resolvedAt: iso(r.resolved_at),
  }));
}
