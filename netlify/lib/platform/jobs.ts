/**
 * Scheduled jobs' heartbeats (docs/architecture.md, Operations): every scheduled function runs its
 * work through `runJob`, which records the start, the success (with a small summary) or the
 * failure in `job_runs`. The operations check reads them to tell a job that stopped running.
 */
import { db } from './db.ts';
import { reportError, scrub } from './error-report.ts';
import { log } from './log.ts';

/** Runs one scheduled job and records how it went; a failure is logged, reported and answered 500. */
export async function runJob(job: string, work: () => Promise<Record<string, unknown> | void>): Promise<Response> {
  const sql = db();
  try {
    await sql`insert into job_runs (job, last_started_at) values (${job}, now())
              on conflict (job) do update set last_started_at = now()`;
    const summary = (await work()) ?? {};
    await sql`update job_runs set last_success_at = now(), last_summary = ${sql.json(summary as never)}, runs = runs + 1
              where job = ${job}`;
    log.info('job done', { job, ...summary });
    return new Response(null, { status: 204 });
  } catch (error) {
    log.error('job failed', { job, error });
    const message = scrub(error instanceof Error ? error.message : String(error)).slice(0, 500);
    await sql`insert into job_runs (job, last_failure_at, last_error, failures) values (${job}, now(), ${message}, 1)
              on conflict (job) do update set last_failure_at = now(), last_error = ${message}, failures = job_runs.failures + 1`.catch(
      () => {},
    );
    await reportError(error, { job });
    return new Response(null, { status: 500 });
  }
}
