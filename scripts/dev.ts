/**
 * `npm run dev`: the pages from `astro dev` (live reload) and the API from the same in-process
 * function runner as `npm start`, restarted when a function or a service changes
 * (lib/dev-functions.ts), both behind one address. Same embedded database as `npm start`.
 */
import { spawn } from 'node:child_process';
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect as connectSocket } from 'node:net';
import { join } from 'node:path';
import { freePort, migrate, openLocalDatabase, ROOT, seed } from './lib/database.ts';
import { startDevFunctions } from './lib/dev-functions.ts';
import { loadRewrites, rewritePath } from './lib/dev-rewrites.ts';

const port = Number(process.env.PORT ?? 4321);
const started = performance.now();
const database = await openLocalDatabase({ announce: true });
const env = { ...process.env, DATABASE_URL: database.url };

const astroPort = await freePort();
// The project's Node runs astro too (its bin's `env node` may find an older one on PATH).
const astro = spawn(process.execPath, [join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'dev', '--port', String(astroPort)], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
});
const [functions] = await Promise.all([
  startDevFunctions({ env, onRestart: (file) => console.log(`functions: ${file} changed, restarting`) }),
  migrate(database.url, (line) => console.log(`database: ${line}`)).then(() => seed(database.url)),
]);

const rewrites = loadRewrites();
const toApi = (path: string) => path.startsWith('/api/') || path.startsWith('/storage/v1/');

/** Passes the request to `target`, retrying the connection while that server is still starting. */
function pass(req: IncomingMessage, res: ServerResponse, target: string, retryUntil: number, path?: string): void {
  const url = new URL(req.url ?? '/', target);
  if (path) url.pathname = path;
  const outgoing = forward(url, { method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  outgoing.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNREFUSED' && Date.now() < retryUntil && !req.readableDidRead) {
      setTimeout(() => pass(req, res, target, retryUntil, path), 300);
      return;
    }
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`dev: ${target} did not answer (${error.message})`);
  });
  req.pipe(outgoing);
}

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://dev').pathname;
  if (!toApi(path)) return pass(req, res, `http://127.0.0.1:${astroPort}`, Date.now() + 120_000, rewritePath(rewrites, path));
  functions.address().then(
    (address) => pass(req, res, address, Date.now() + 5_000),
    (error: Error) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: `The API did not start: ${error.message}` }));
    },
  );
});
// Live reload's WebSocket goes straight through to astro dev.
server.on('upgrade', (req, socket, head) => {
  const upstream = connectSocket(astroPort, '127.0.0.1', () => {
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
});
await new Promise<void>((ok) => server.listen(port, process.env.HOST ?? '127.0.0.1', ok));
console.log(
  `\nAspira (dev) at http://localhost:${port}: the API is ready (${Math.round(performance.now() - started)} ms); the pages follow\n`,
);

let stopping = false;
async function shutdown(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  astro.kill('SIGINT');
  server.close();
  await functions.stop().catch(() => {});
  await database.stop().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
astro.on('exit', (code) => void shutdown(code ?? 0));
