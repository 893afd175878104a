/**
 * E2E setup: a fresh embedded database (in memory), the site built against it and served by the
 * same server `npm start` uses, on a free port. Without Chromium the suite is skipped loudly,
 * except under CI, where a missing browser fails the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DATA_DIR, freePort, migrate, ROOT, seed, startEmbedded } from '../../scripts/lib/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eDatabaseUrl: string;
    chromePath: string | null;
  }
}

export function findChrome(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}

/** Several test runs may share one checkout: builds of dist/ take turns. */
async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(DATA_DIR, 'build.lock');
  await mkdir(DATA_DIR, { recursive: true });
  for (let i = 0; ; i++) {
    try {
      await mkdir(lock);
      break;
    } catch {
      const age =
        Date.now() -
        (await stat(lock)
          .then((s) => s.mtimeMs)
          .catch(() => Date.now()));
      if (age > 300_000) await rm(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 1000));
      if (i > 600) throw new Error('timed out waiting for another build');
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

function runBuild(env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    // vitest sets NODE_ENV=test; the pages under test must be the production build.
    const build = spawn(join(ROOT, 'node_modules', '.bin', 'astro'), ['build'], {
      cwd: ROOT,
      env: { ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    build.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build failed:\n${output}`))));
  });
}

export default async function setup(project: TestProject) {
  const chromePath = findChrome();
  if (!chromePath) {
    if (process.env.CI) throw new Error('CI: Chromium is required for the end-to-end tests (apt-get install chromium)');
    console.warn('\n*** END-TO-END TESTS SKIPPED: no Chromium found (set CHROME_PATH or apt-get install chromium) ***\n');
    project.provide('chromePath', null);
    project.provide('e2eBaseUrl', '');
    project.provide('e2eDatabaseUrl', '');
    return;
  }
  const database = await startEmbedded();
  await migrate(database.url);
  await seed(database.url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ADMIN_INVITE_CODE: 'e2e-invite-code',
    // Postmark's bounce webhook, called by the operations test as Postmark would.
    POSTMARK_WEBHOOK_SECRET: 'e2e-postmark-webhook-secret-0123456789',
  };
  env.LEAD_RATE_LIMIT_PER_10_MIN = '100000'; // the lead form tests submit many times from one address
  env.SIGNUP_RATE_LIMIT_PER_HOUR = '1000'; // so do the tests' signups

  let server: ChildProcess | undefined;
  let url = '';
  await withBuildLock(async () => {
    if (!process.env.E2E_SKIP_BUILD) {
      // Asynchronous on purpose: the embedded database runs in this process and must keep answering.
      await runBuild(env);
    }
    const port = await freePort();
    env.SITE_URL = `http://localhost:${port}`;
    server = spawn(process.execPath, [join(ROOT, 'scripts', 'start.ts'), '--no-build'], {
      cwd: ROOT,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the site server did not start in 60 s')), 60_000);
      let output = '';
      server!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = output.match(/running at (http:\/\/\S+)/);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      server!.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server!.on('exit', (code) => reject(new Error(`site server exited (${code}):\n${output}`)));
    });
    // The dist/ is read at start; the lock can go once the server is up.
  });
  project.provide('chromePath', chromePath);
  project.provide('e2eBaseUrl', url);
  project.provide('e2eDatabaseUrl', database.url);

  return async () => {
    // The server finishes its after-answer work (emails) before it exits; the database outlives it.
    if (server && server.exitCode === null) {
      const exited = new Promise((ok) => server!.once('exit', ok));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((ok) => setTimeout(ok, 10_000))]);
    }
    await database.stop();
  };
}
