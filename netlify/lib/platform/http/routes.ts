/** A function's routing table: matching, the cross-site guard, one error shape, work after the answer. */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from '@netlify/functions';
import { isConnectionError } from '../db.ts';
import { ConfigurationError, env, useDeployContext } from '../env.ts';
import { reportError } from '../error-report.ts';
import { log } from '../log.ts';
import { withSecurityHeaders } from '../security-headers.ts';
import { assertStorableText } from './body.ts';
import { errorResponse, HttpError } from './errors.ts';
import { assertNotCrossSite } from './origin.ts';

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
  // After the answer: the error tracker (when configured) gets it with the request id, nothing personal.
  requestWork.getStore()?.after(() => reportError(error, { requestId, method: request.method, route: url.pathname }));
  return errorResponse(500, `Something went wrong on our side. Please try again. (Reference ${requestId})`);
}
