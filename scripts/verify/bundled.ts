/**
 * The function bundles Netlify's build made (`.netlify/functions/*.zip`, zip-it-and-ship-it),
 * unpacked, and a router over them that matches paths as Netlify's manifest says (literal or
 * expression routes, methods, excluded routes).
 *
 * Why call bundles directly at all: Netlify's CLI retries a function's 403 or 404 answer as static
 * files (`/path.html`, `/path/index.html`, ...; netlify/cli#1442), so a deliberate 403/404 from the
 * API never reaches a client of `netlify serve`. On Netlify the function's answer is final; the
 * verification asks the bundle itself for those.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../lib/database.ts';

type Route = { pattern: string; literal?: string; expression?: string; methods?: string[] };
type ManifestEntry = { name: string; path: string; routes?: Route[]; excludedRoutes?: Route[] };
type Handler = (request: Request, context: Record<string, unknown>) => Promise<Response>;

export type BundledFunction = { name: string; bytes: number; entry: string; routes: Route[]; excluded: Route[] };
export type Bundles = {
  functions: BundledFunction[];
  dispatch: (request: Request) => Promise<Response>;
  close: () => void;
};

const matches = (route: Route, path: string) =>
  route.literal !== undefined ? path === route.literal : route.expression !== undefined && new RegExp(route.expression).test(path);

export function unpackBundles(): Bundles {
  const manifest = JSON.parse(readFileSync(join(ROOT, '.netlify', 'functions', 'manifest.json'), 'utf8')) as {
    functions: ManifestEntry[];
  };
  const dir = mkdtempSync(join(tmpdir(), 'netlify-bundles-'));
  const functions = manifest.functions
    .map((fn) => {
      const target = join(dir, fn.name);
      execFileSync('unzip', ['-q', fn.path, '-d', target]);
      // Netlify's entry point names the function module it loads.
      const entryPoint = readFileSync(join(target, '___netlify-entry-point.mjs'), 'utf8');
      const module = entryPoint.match(/getLambdaHandler\(['"]([^'"]+)['"]\)/)?.[1];
      if (!module) throw new Error(`${fn.name}: no function module named in ___netlify-entry-point.mjs`);
      return {
        name: fn.name,
        bytes: statSync(fn.path).size,
        entry: join(target, module),
        routes: fn.routes ?? [],
        excluded: fn.excludedRoutes ?? [],
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const loaded = new Map<string, Promise<Handler>>();
  const dispatch = async (request: Request) => {
    const path = new URL(request.url).pathname.toLowerCase();
    const fn = functions.find(
      (f) =>
        f.routes.some((r) => (!r.methods?.length || r.methods.includes(request.method)) && matches(r, path)) &&
        !f.excluded.some((r) => matches(r, path)),
    );
    if (!fn) return new Response('no function', { status: 404 });
    if (!loaded.has(fn.name))
      loaded.set(
        fn.name,
        import(pathToFileURL(fn.entry).href).then((m) => m.default as Handler),
      );
    const handler = await loaded.get(fn.name)!;
    const pending: Promise<unknown>[] = [];
    const response = await handler(request, {
      ip: '127.0.0.1',
      requestId: crypto.randomUUID(),
      waitUntil: (p: Promise<unknown>) => pending.push(p),
    });
    await Promise.allSettled(pending);
    return response;
  };
  return { functions, dispatch, close: () => rmSync(dir, { recursive: true, force: true }) };
}
