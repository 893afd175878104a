/**
 * `npm run bench`: the budgets of docs/architecture.md, Budgets, measured on the local production build
 * served as `npm start` serves it, on a fresh embedded database.
 * - API: GET /api/v1/course/courses under 50 connections for 10 s, against a static file as the ceiling.
 * - Lead submissions: 200 at once, nothing lost (when the lead-capture bench exists).
 * - Pages: every marketing page, every learner and account page (logged in where it needs it) and
 *   every admin screen: bytes before interaction and Lighthouse (see bench-pages.ts).
 * `npm run bench -- pages --compare .data/bench-pages.json` runs one part and compares with an
 * earlier run; flags after the part names go to the page bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, migrate, ROOT, seed, startEmbedded } from './lib/database.ts';

const argv = process.argv.slice(2);
const firstFlag = argv.findIndex((a) => a.startsWith('--'));
const only = firstFlag === -1 ? argv : argv.slice(0, firstFlag); // e.g. `npm run bench -- api` runs one part
const flags = firstFlag === -1 ? [] : argv.slice(firstFlag);
const wants = (part: string) => only.length === 0 || only.includes(part);

async function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

async function startServer(env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.ts'), '--no-build'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/running at (http:\/\/\S+)/);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  return { url, child };
}

type Load = { rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number };

async function load(url: string, connections = 50, duration = 10): Promise<Load> {
  const result = await autocannon({ url, connections, duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

function line(name: string, r: Load): string {
  return `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}   non-2xx ${r.non2xx}   (${r.total} requests)`;
}

const dataDir = await mkdtemp(join(tmpdir(), 'aspira-bench-'));
const dbPort = await freePort();
const port = await freePort();
const pglite = join(dataDir, 'pglite');

// Build against the fresh database (the home catalogue is prebuilt from it), then serve it.
const buildDb = await startEmbedded({ dataDir: pglite, port: dbPort });
await migrate(buildDb.url);
await seed(buildDb.url);
const env = {
  ...process.env,
  DATABASE_URL: buildDb.url,
  LOG_LEVEL: 'error',
  SITE_URL: `http://localhost:${port}`,
  LEAD_RATE_LIMIT_PER_10_MIN: '100000',
};
const started = Date.now();
console.log('building the site...');
await run(join(ROOT, 'node_modules', '.bin', 'astro'), ['build'], env);
const buildSeconds = (Date.now() - started) / 1000;
await buildDb.stop();

const serverEnv: NodeJS.ProcessEnv = { ...env, PORT: String(port), PGLITE_DATA_DIR: pglite, LOCAL_DB_PORT: String(dbPort) };
delete serverEnv.DATABASE_URL; // the server starts the embedded database itself, as npm start does
const server = await startServer(serverEnv);
const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${dbPort}/postgres`;
console.log(`\nAspira bench: ${server.url} (embedded database)  build ${buildSeconds.toFixed(1)} s\n`);

try {
  if (wants('api')) {
    // Warm up the function bundles before measuring.
    await load(`${server.url}/api/v1/course/courses`, 5, 2);
    const staticFile = existsSync(join(ROOT, 'dist', 'robots.txt')) ? '/robots.txt' : '/404.html';
    const ceiling = await load(`${server.url}${staticFile}`);
    const courses = await load(`${server.url}/api/v1/course/courses`);
    console.log('API under 50 concurrent connections, 10 s each');
    console.log(line(`static ${staticFile}`, ceiling));
    console.log(line('GET /api/v1/course/courses', courses));
    console.log(`ratio course list / static: ${(courses.rps / ceiling.rps).toFixed(2)}`);
    console.log(`errors: ${courses.errors + courses.non2xx === 0 ? 'none' : courses.errors + courses.non2xx}\n`);
  }
  if (wants('leads') && existsSync(join(ROOT, 'scripts', 'bench-leads.ts'))) {
    const { benchLeads } = await import('./bench-leads.ts');
    await benchLeads(server.url, databaseUrl);
  }
  if (wants('pages') && existsSync(join(ROOT, 'scripts', 'bench-pages.ts'))) {
    const { benchPages } = await import('./bench-pages.ts');
    const rebuild = () => run(join(ROOT, 'node_modules', '.bin', 'astro'), ['build'], { ...env, DATABASE_URL: databaseUrl });
    const ok = await benchPages(server.url, flags, databaseUrl, rebuild);
    if (!ok) process.exitCode = 1;
  }
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await rm(dataDir, { recursive: true, force: true });
}
