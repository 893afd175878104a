/**
 * Runs our Netlify functions in this process, routed the way Netlify routes them: by each
 * function file's `config.path` (URLPattern syntax). Used by the local server and the API tests.
 *
 * Why not @netlify/dev's function emulation: it bundles the function with esbuild and starts a
 * fresh worker on every request (seconds each, a new database pool each time), which cannot
 * carry the 50-connection budget of docs/architecture.md, Budgets. The handlers are the same modules
 * Netlify deploys; only the loader differs.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './database.ts';

type Handler = (request: Request, context: Record<string, unknown>) => Promise<Response> | Response;
type FunctionModule = { default: Handler; config?: { path?: string | string[]; method?: string | string[] } };
/** `methods` empty = every method, as Netlify treats a function config without `method`. */
export type RoutedFunction = { name: string; patterns: URLPattern[]; methods: string[]; handler: Handler };

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export const FUNCTIONS_DIR = join(ROOT, 'netlify', 'functions');

export async function loadFunctions(
  importer: (file: string) => Promise<unknown> = (file) => import(pathToFileURL(file).href),
  dir = FUNCTIONS_DIR,
): Promise<RoutedFunction[]> {
  const files = readdirSync(dir)
    .filter((f) => /\.(mts|ts|mjs|js)$/.test(f) && !/\.(test|spec)\./.test(f))
    .sort();
  const routed: RoutedFunction[] = [];
  for (const file of files) {
    const module = (await importer(join(dir, file))) as FunctionModule;
    const paths = module.config?.path;
    if (!paths) continue; // scheduled functions have no path
    routed.push({
      name: file.replace(/\.[^.]+$/, ''),
      handler: module.default,
      patterns: list(paths).map((p) => new URLPattern({ pathname: p })),
      methods: list(module.config?.method).map((m) => m.toUpperCase()),
    });
  }
  return routed;
}

export function findFunction(functions: RoutedFunction[], pathname: string, method = 'GET'): RoutedFunction | undefined {
  return functions.find(
    (f) => (f.methods.length === 0 || f.methods.includes(method.toUpperCase())) && f.patterns.some((p) => p.test({ pathname })),
  );
}
