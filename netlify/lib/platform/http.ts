import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from '@netlify/functions';
import { z } from 'zod';
import { isConnectionError } from './db.ts';
import { ConfigurationError, env, useDeployContext } from './env.ts';
import { log } from './log.ts';
import { withSecurityHeaders } from './security-headers.ts';

/** The one error shape of the API: `{ errors: [...] }` (one message per field, naming it) or a string. */
export type ErrorBody = { errors: string[] | string };

export const MAX_JSON_BYTES = 64 * 1024;

export class HttpError extends Error {
  readonly status: number;
  readonly errors: string[] | string;
  readonly headers: Record<string, string>;
  constructor(status: number, errors: string[] | string, headers: Record<string, string> = {}) {
    super(Array.isArray(errors) ? errors.join('; ') : errors);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

const NO_STORE = { 'cache-control': 'no-store' };

export function json(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...NO_STORE, ...init.headers },
  });
}

export function errorResponse(status: number, errors: string[] | string, headers: Record<string, string> = {}): Response {
  return json({ errors } satisfies ErrorBody, { status, headers });
}

/** Turns zod issues into one message per field, each naming the field (e.g. "email: Enter a valid email"). */
export function fieldErrors(error: z.ZodError): string[] {
  const seen = new Set<string>();
  const messages: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : undefined;
    const key = field ?? issue.message;
    if (seen.has(key)) continue;
    seen.add(key);
    if (issue.code === 'unrecognized_keys') {
      messages.push(`Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`);
    } else {
      messages.push(field ? `${field}: ${issue.message}` : issue.message);
    }
  }
  return messages;
}

/** Parses data with a shared schema, or throws a 400 naming each bad field. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new HttpError(400, fieldErrors(result.error));
  return result.data;
}

/** Reads the raw body, refusing more than `limit` bytes (413) whether or not Content-Length was sent. */
export async function readBytes(
  request: Request,
  limit = MAX_JSON_BYTES,
  tooLarge = `The request body is larger than ${limit / 1024} KB`,
): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw new HttpError(413, tooLarge);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new HttpError(413, tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads the raw body as UTF-8 text (64 KB at most by default). */
export async function readText(request: Request, limit = MAX_JSON_BYTES): Promise<string> {
  return Buffer.from(await readBytes(request, limit)).toString('utf8');
}

/** The media type's essence (type/subtype, lower case): `text/plain; application/json` is text/plain. */
export function mediaTypeEssence(header: string | null): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Reads a JSON body (64 KB at most) and validates it with the shared zod schema. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  // Only application/json needs a CORS preflight, so no form on another site can send it.
  if (mediaTypeEssence(request.headers.get('content-type')) !== 'application/json') {
    throw new HttpError(415, 'Send the body as JSON (Content-Type: application/json)');
  }
  const text = await readText(request);
  let data: unknown;
  try {
    data = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
  assertStorableText(data);
  return parseWith(schema, data);
}

// C0 controls but tab, LF and CR; DEL and the C1 controls. PostgreSQL refuses NUL outright.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const BAD_TEXT = 'Remove control characters and invalid characters';

/** A 400 naming the field when any string (or key) in `value` holds text we must not store. */
export function assertStorableText(value: unknown, field = 'body'): void {
  const problems: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'string') {
      if (CONTROL.test(v) || !v.isWellFormed()) problems.push(`${path}: ${BAD_TEXT}`);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path}.${i}`));
    } else if (v && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (CONTROL.test(key) || !key.isWellFormed()) problems.push(`${path}: ${BAD_TEXT} (in a field name)`);
        else walk(item, path === 'body' ? key : `${path}.${key}`);
      }
    }
  };
  walk(value, field);
  if (problems.length > 0) throw new HttpError(400, [...new Set(problems)]);
}

/** The caller's address: Netlify (and our local server) set x-nf-client-connection-ip. */
export function clientIp(request: Request, context?: Partial<Context>): string {
  return (
    context?.ip ||
    request.headers.get('x-nf-client-connection-ip') ||
    request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ||
    'unknown'
  );
}

function allowedOrigins(request: Request): Set<string> {
  return new Set([new URL(request.url).origin, new URL(env().SITE_URL).origin]);
}

/**
 * Cookie-authenticated writes must come from our own pages: the Origin (or, failing that, the
 * Referer) must be this site's. Bearer-token requests are not exposed to CSRF and skip this.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin') ?? refererOrigin(request.headers.get('referer'));
  if (!origin || !allowedOrigins(request).has(origin)) throw new HttpError(403, CROSS_SITE);
}

export const CROSS_SITE = 'This request must come from the Aspira website';

/**
 * The one cross-site guard: refuses a request the browser marks as sent by another site
 * (Sec-Fetch-Site), or that names a foreign Origin or Referer. A request naming none of them
 * (a bookmark, curl, a server) passes: only browsers are made to send requests for others.
 */
export function assertNotCrossSite(request: Request): void {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') throw new HttpError(403, CROSS_SITE);
  const allowed = allowedOrigins(request);
  const origin = request.headers.get('origin');
  if (origin !== null && !allowed.has(origin)) throw new HttpError(403, CROSS_SITE);
  const referer = request.headers.get('referer');
  if (referer && !allowed.has(refererOrigin(referer) ?? '')) throw new HttpError(403, CROSS_SITE);
}

function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

export type RouteInput = {
  request: Request;
  url: URL;
  params: Record<string, string>;
  context: Partial<Context>;
  requestId: string;
};
export type RouteHandler = (input: RouteInput) => Promise<Response> | Response;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type CompiledRoute = { method: string; pattern: URLPattern; handler: RouteHandler };

type AfterTask = () => Promise<void>;
export type RequestScope = { after(task: AfterTask): void };
const requestWork = new AsyncLocalStorage<RequestScope>();

/**
 * The request being answered, if any: `after(task)` runs the task once the answer is ready,
 * through Netlify's `context.waitUntil` (the visitor does not wait). Without waitUntil the task
 * runs before the answer, so tasks must bound their own time (mail: a 2 s budget).
 */
export function currentRequest(): RequestScope | undefined {
  return requestWork.getStore();
}

function handOff(tasks: AfterTask[], context: Partial<Context>): Promise<unknown> | undefined {
  if (tasks.length === 0) return undefined;
  const work = Promise.allSettled(tasks.map((task) => task()));
  if (typeof context.waitUntil === 'function') {
    context.waitUntil(work);
    return undefined;
  }
  return work;
}

/**
 * A function's routes: keys are "METHOD /path/:param". Matching is ours (not Netlify's), so a
 * known path with another method answers 405 and every failure takes the one error shape.
 * Every answer carries the security headers and x-request-id; work a handler queued with
 * `currentRequest().after()` starts once the answer is ready.
 */
export function routes(table: Record<string, RouteHandler>): (request: Request, context?: Partial<Context>) => Promise<Response> {
  const compiled: CompiledRoute[] = Object.entries(table).map(([key, handler]) => {
    const [method, path] = key.split(' ') as [string, string];
    return { method, pattern: new URLPattern({ pathname: path }), handler };
  });
  const dispatch = async (request: Request, context: Partial<Context>, requestId: string): Promise<Response> => {
    const url = new URL(request.url);
    try {
      useDeployContext(context.deploy?.context);
      env(); // an incomplete deployment answers 503 everywhere (see failure)
      const onPath = compiled.filter((r) => r.pattern.test({ pathname: url.pathname }));
      if (onPath.length === 0) return errorResponse(404, 'No such API endpoint');
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const route = onPath.find((r) => r.method === method);
      if (!route) {
        const allow = [...new Set(onPath.map((r) => r.method))].join(', ');
        return errorResponse(405, `Method ${request.method} is not allowed here (allowed: ${allow})`, { allow });
      }
      // Every state change, cookie or not (a public form too), must not come from another site.
      if (!SAFE_METHODS.has(method)) assertNotCrossSite(request);
      const params = (route.pattern.exec({ pathname: url.pathname })?.pathname.groups ?? {}) as Record<string, string>;
      assertStorableText(params, 'path');
      for (const [name, value] of url.searchParams) assertStorableText({ [name]: value });
      return await route.handler({ request, url, params, context, requestId });
    } catch (error) {
      return failure(error, requestId, request, url);
    }
  };
  return async (request, context = {}) => {
    const requestId = context.requestId || request.headers.get('x-nf-request-id') || crypto.randomUUID();
    const tasks: AfterTask[] = [];
    const scope: RequestScope = { after: (task) => void tasks.push(task) };
    const response = withSecurityHeaders(await requestWork.run(scope, () => dispatch(request, context, requestId)));
    response.headers.set('x-request-id', requestId);
    await handOff(tasks, context);
    return response;
  };
}

function failure(error: unknown, requestId: string, request: Request, url: URL): Response {
  if (error instanceof HttpError) return errorResponse(error.status, error.errors, error.headers);
  if (error instanceof ConfigurationError) {
    // The operator reads the reason in the log; the visitor gets no internals.
    log.error('configuration error: functions refuse to run', { requestId, problem: error.message });
    return errorResponse(503, `This service is not available on this deployment yet. (Reference ${requestId})`);
  }
  if (isConnectionError(error)) {
    log.warn('database unavailable', { requestId, route: url.pathname, error });
    return errorResponse(503, 'The service is busy. Please try again in a moment.', { 'retry-after': '5' });
  }
  log.error('unhandled error', { requestId, method: request.method, route: url.pathname, error });
  return errorResponse(500, `Something went wrong on our side. Please try again. (Reference ${requestId})`);
}
