/**
 * `npm run dev`: astro dev with live reload; the Netlify adapter's dev features run the functions.
 * Uses the same embedded database as `npm start` (or DATABASE_URL).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { migrate, openLocalDatabase, ROOT, seed } from './lib/database.ts';

const database = await openLocalDatabase({ announce: true });
await migrate(database.url, (line) => console.log(`database: ${line}`));
await seed(database.url);

const astro = spawn(join(ROOT, 'node_modules', '.bin', 'astro'), ['dev', '--port', process.env.PORT ?? '4321'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: database.url },
});

async function shutdown(): Promise<void> {
  astro.kill('SIGINT');
  await database.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
astro.on('exit', async (code) => {
  await database.stop().catch(() => {});
  process.exit(code ?? 0);
});
