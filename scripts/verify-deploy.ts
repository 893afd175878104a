/**
 * `npm run verify:deploy`: the site as Netlify builds and serves it, not as `npm start` does.
 * Netlify's own CLI (`netlify serve --offline`, edge functions off: they need a download) runs the
 * real build, bundles the functions with Netlify's bundler and routes like the platform, against a
 * freshly migrated and seeded database. Then: every route, every API endpoint (good and bad), two
 * journeys in Chromium, and each function bundle's size, cold import and security headers.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, migrate, seed, startEmbedded } from './lib/database.ts';
import { checkApi } from './verify/api.ts';
import { checkBrowser } from './verify/browser.ts';
import { unpackBundles, type Bundles } from './verify/bundled.ts';
import { checkBundles } from './verify/bundles.ts';
import { netlifyServe, nodeOutsideRepo, NETLIFY_CLI_VERSION } from './verify/netlify-cli.ts';
import { Report } from './verify/report.ts';
import { checkRoutes } from './verify/routes.ts';
import { serveStandIn, storageStandIn } from '../netlify/lib/documents/index.ts';

const log = (line: string) => console.log(`verify: ${line}`);
const chromePath = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
if (!chromePath) {
  console.error('verify: Chromium is required (apt-get install chromium, or set CHROME_PATH)');
  process.exit(1);
}

const started = Date.now();
const database = await startEmbedded();
await migrate(database.url);
await seed(database.url);
log(`fresh database migrated and seeded (${database.url.replace(/\/\/.*@/, '//')})`);

const port = await freePort();
const site = `http://localhost:${port}`;
// Applicants' files go to a Storage stand-in on its own port that speaks Supabase's API, as the real one would.
const storageKey = 'verify-deploy-storage-service-key';
const storage = await serveStandIn(
  storageStandIn({ serviceKey: storageKey, secret: 'verify-deploy-storage-secret', bucket: 'applicant-documents' }),
);
const inviteCode = 'verify-deploy-invite-code';
const sandboxSecret = 'verify-deploy-sandbox-secret';
const postmarkWebhookSecret = 'verify-deploy-postmark-webhook-secret';
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: database.url,
  // A deploy with the sandbox gateway explicitly allowed, so a browser can pay without real keys.
  APP_ENV: 'development',
  SITE_URL: site,
  ADMIN_INVITE_CODE: inviteCode,
  SANDBOX_PAYMENT_SECRET: sandboxSecret,
  POSTMARK_WEBHOOK_SECRET: postmarkWebhookSecret,
  LEAD_RATE_LIMIT_PER_10_MIN: '1000',
  DOCUMENTS_STORAGE_URL: storage.url,
  DOCUMENTS_STORAGE_KEY: storageKey,
  LOG_LEVEL: 'warn',
};

const report = new Report();
let serve: Awaited<ReturnType<typeof netlifyServe>> | undefined;
let bundles: Bundles | undefined;
let exitCode = 1;
try {
  log(`netlify-cli ${NETLIFY_CLI_VERSION}: building and serving (netlify serve --offline) ...`);
  serve = await netlifyServe({ port, env, log });
  log(`served at ${serve.url} after ${Math.round((Date.now() - started) / 1000)} s`);

  // The built functions, also run here for answers the CLI does not pass on (see verify/bundled.ts).
  bundles = unpackBundles();
  Object.assign(process.env, env);
  const created = await checkApi(
    report,
    { base: serve.url, databaseUrl: database.url, inviteCode, sandboxSecret, postmarkWebhookSecret },
    bundles,
  );
  const apiRows = report.rows.length;
  await checkRoutes(report, serve.url, created);
  const routeRows = report.rows.length;
  await checkBrowser(report, { base: serve.url, databaseUrl: database.url, chromePath });
  const browserRows = report.rows.length;
  checkBundles(report, bundles, { node: join(nodeOutsideRepo(), 'node'), env });

  report.print('API endpoints (good and bad request each)', report.rows.slice(0, apiRows));
  report.print('Routes', report.rows.slice(apiRows, routeRows));
  report.print('Browser journeys', report.rows.slice(routeRows, browserRows));
  report.print('Function bundles (Netlify bundler) and headers on their answers', report.rows.slice(browserRows));
  const failures = report.failures;
  console.log(`\nverify:deploy took ${Math.round((Date.now() - started) / 1000)} s`);
  // The closing line alone, as test runners print theirs.
  console.log(`verify: ${report.rows.length - failures.length} passed, ${failures.length} failed`);
  exitCode = failures.length ? 1 : 0;
} catch (error) {
  console.error(`verify: ${(error as Error).stack ?? error}`);
  if (serve) console.error(`\nnetlify serve output:\n${serve.output().slice(-4000)}`);
} finally {
  bundles?.close();
  await serve?.stop();
  await storage.stop();
  await database.stop();
}
process.exit(exitCode);
