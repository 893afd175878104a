/**
 * Every scheduled function is a known job (src/shared/operations.ts, JOBS) with the same schedule
 * its file gives Netlify, and records its heartbeat through runJob: a job that stops running is
 * then seen (docs/architecture.md, Operations).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOBS } from '../../src/shared/operations.ts';
import { ROOT } from './import-graph.ts';

const DIR = join(ROOT, 'netlify/functions');
const scheduled = readdirSync(DIR)
  .filter((f) => f.endsWith('.mts'))
  .map((file) => ({ name: file.replace(/\.mts$/, ''), text: readFileSync(join(DIR, file), 'utf8') }))
  .map((f) => ({ ...f, schedule: /schedule:\s*'([^']+)'/.exec(f.text)?.[1] }))
  .filter((f) => f.schedule);

/** Minutes between runs of a simple cron: "* /n * * *" or a daily "m h * * *". */
function everyMinutes(cron: string): number {
  const [minute, hour, ...rest] = cron.split(' ');
  expect(rest).toEqual(['*', '*', '*']);
  if (hour === '*') return Number(/^\*\/(\d+)$/.exec(minute!)?.[1]);
  expect(minute).toMatch(/^\d+$/);
  expect(hour).toMatch(/^\d+$/);
  return 1440;
}

describe('scheduled jobs', () => {
  it('lists every scheduled function, with its schedule and interval', () => {
    expect(scheduled.map((f) => f.name).sort()).toEqual(JOBS.map((j) => j.name).sort());
    for (const job of JOBS) {
      const file = scheduled.find((f) => f.name === job.name)!;
      expect(file.schedule, job.name).toBe(job.schedule);
      expect(everyMinutes(job.schedule), job.name).toBe(job.everyMinutes);
    }
  });

  it('records each run through runJob under its own name', () => {
    for (const file of scheduled) expect(file.text, file.name).toContain(`runJob('${file.name}'`);
  });
});
