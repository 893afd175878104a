/**
 * `npm start`: builds the site, starts the embedded database (or uses DATABASE_URL), applies
 * migrations and seed, and serves everything on http://localhost:8888 as Netlify would.
 * `--no-build` serves the existing dist/.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { migrate, openLocalDatabase, ROOT, seed } from './lib/database.ts';
import { startSiteServer } from './lib/site-server.ts';

const port = Number(process.env.PORT ?? 8888);
const database = await openLocalDatabase({ announce: true });
await migrate(database.url, (line) => console.log(`database: ${line}`));
await seed(database.url);
process.env.DATABASE_URL = database.url;
console.log(
  `database: ${database.embedded ? `embedded PGlite (.data/pglite) on ${database.url.replace(/\/\/.*@/, '//')}` : 'DATABASE_URL'}`,
);

if (!process.argv.includes('--no-build')) {
  console.log('building the site (astro build)...');
  // Asynchronous on purpose: the embedded database runs in this process and must keep answering
  // while the build reads the catalogue from it (a blocking spawn starved it: CONNECT_TIMEOUT).
  const build = spawn(join(ROOT, 'node_modules', '.bin', 'astro'), ['build'], { cwd: ROOT, stdio: 'inherit', env: process.env });
  const status = await new Promise<number | null>((done) => build.on('exit', done));
  if (status !== 0) {
    await database.stop();
    process.exit(status ?? 1);
  }
}

const site = await startSiteServer({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`\nAspira is running at ${site.url}  (Ctrl-C to stop)\n`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  await site.stop().catch(() => {});
  await database.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
