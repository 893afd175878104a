/**
 * The local production server, used by `npm start`, the e2e tests and the bench: our functions
 * run in-process, routed by their config.path as Netlify routes them (see functions.ts for why),
 * and Netlify's own emulator serves everything else: redirects and rewrites, header rules and
 * the static files of dist/. Text answers are compressed as Netlify's CDN compresses them
 * (brotli, else gzip; see compress.ts), so what the bench and the tests measure is what visitors get.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { NetlifyDev } from '@netlify/dev';
import { compressBody, pickEncoding } from './compress.ts';
import { ROOT } from './database.ts';
import { findFunction, loadFunctions, type RoutedFunction } from './functions.ts';
import { localStandIn } from '../../netlify/lib/documents/index.ts';

export type SiteServer = { url: string; server: Server; stop: () => Promise<void> };

const silentLogger = { log: () => {}, warn: (...a: unknown[]) => console.warn(...a), error: (...a: unknown[]) => console.error(...a) };

export async function startSiteServer({
  port,
  host = '127.0.0.1',
  quiet = false,
  functionsOnly = false,
  functionsDir,
}: {
  port: number;
  host?: string;
  quiet?: boolean;
  /** Only the functions and the Storage stand-in (`npm run dev`'s API; astro dev serves the pages). */
  functionsOnly?: boolean;
  functionsDir?: string;
}): Promise<SiteServer> {
  const netlify = functionsOnly
    ? null
    : new NetlifyDev({
        projectRoot: ROOT,
        blobs: { enabled: false },
        database: { enabled: false },
        edgeFunctions: { enabled: false },
        environmentVariables: { enabled: false },
        geolocation: { enabled: false },
        images: { enabled: false },
        aiGateway: { enabled: false },
        functions: { enabled: false },
        headers: { enabled: true },
        redirects: { enabled: true },
        staticFiles: { enabled: true },
        serverAddress: null,
        ...(quiet ? { logger: silentLogger as never } : {}),
      });
  await netlify?.start();
  const functions = await loadFunctions(undefined, functionsDir);
  const notFoundPage = await readFile(join(ROOT, 'dist', '404.html')).catch(() => Buffer.from('<h1>Page not found</h1>'));

  let selfAddress = '';
  const background = new Set<Promise<unknown>>();
  const server = createServer((req, res) => {
    handle(netlify, functions, req, res, notFoundPage, selfAddress, background).catch((error) => {
      console.error('local server error', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((ok) => server.listen(port, host, ok));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  selfAddress = `http://127.0.0.1:${actualPort}`;
  return {
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${actualPort}`,
    server,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
      // Work the functions handed to waitUntil (email delivery): a few seconds to finish.
      await Promise.race([Promise.allSettled(background), new Promise((ok) => setTimeout(ok, 5_000).unref())]);
      await netlify?.stop();
    },
  };
}

function toRequest(req: IncomingMessage, base: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', base), {
    method: req.method ?? 'GET',
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

async function handle(
  netlify: NetlifyDev | null,
  functions: RoutedFunction[],
  req: IncomingMessage,
  res: ServerResponse,
  notFoundPage: Buffer,
  selfAddress: string,
  background: Set<Promise<unknown>>,
): Promise<void> {
  // Like Netlify's edge: the client address comes from the socket, never from a header it sent.
  const ip = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  req.headers['x-nf-client-connection-ip'] = ip;
  const collected: [string, string][] = [];
  const pathname = new URL(req.url ?? '/', selfAddress).pathname;
  const fn = findFunction(functions, pathname, req.method);
  let response: Response;
  // Locally, applicants' files go to the Storage stand-in on this origin (Supabase's API, same two steps).
  const storage = pathname.startsWith('/storage/v1/') ? localStandIn() : null;
  if (storage) {
    response = await storage.handle(toRequest(req, selfAddress));
  } else if (fn) {
    const host = req.headers.host ?? new URL(selfAddress).host;
    // Like Netlify: work passed to waitUntil runs on after the answer; stop() waits for it briefly.
    const waitUntil = (promise: Promise<unknown>) => {
      const tracked = Promise.resolve(promise).catch(() => {});
      background.add(tracked);
      void tracked.finally(() => background.delete(tracked));
    };
    response = await fn.handler(toRequest(req, `http://${host}`), { ip, requestId: crypto.randomUUID(), waitUntil });
  } else {
    const result = await netlify?.handleAndIntrospectNodeRequest(req, {
      serverAddress: selfAddress,
      headersCollector: (key: string, value: string) => collected.push([key, value]),
    });
    response =
      result?.response ??
      new Response(new Uint8Array(notFoundPage), { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
  const headers = new Headers(response.headers);
  for (const [key, value] of collected) if (!headers.has(key)) headers.set(key, value);
  const outgoing: Record<string, string | string[]> = {};
  headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    outgoing[key] = value;
  });
  const cookies = headers.getSetCookie();
  if (cookies.length) outgoing['set-cookie'] = cookies;
  const encoding = pickEncoding(req.headers['accept-encoding'], response.status, headers);
  if (encoding) {
    outgoing['content-encoding'] = encoding;
    outgoing['vary'] = headers.has('vary') ? `${headers.get('vary')}, Accept-Encoding` : 'Accept-Encoding';
    delete outgoing['content-length'];
  }
  res.writeHead(response.status, outgoing);
  if (!response.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as never);
  if (!encoding) {
    body.pipe(res);
    return;
  }
  // Files (no function answered) are compressed once at the best level and cached by content.
  await compressBody(body, res, encoding, fn ? 'stream' : 'file');
}
