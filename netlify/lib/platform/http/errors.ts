/** The API's one error shape and the answers that carry it. */
import type { z } from 'zod';
import { config, safeParse } from 'zod/mini';
import { en } from 'zod/locales';

// zod/mini schemas bring no words of their own: a rule without a message of ours answers in
// English, as zod's classic schemas do (a page's form, which has no locale, gives every rule one).
if (!config().localeError) config(en());

/** The one error shape of the API: `{ errors: [...] }` (one message per field, naming it) or a string. */
export type ErrorBody = { errors: string[] | string };

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
export function fieldErrors(error: { issues: readonly z.core.$ZodIssue[] }): string[] {
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

/** Parses data with a shared schema (zod or zod/mini), or throws a 400 naming each bad field. */
export function parseWith<S extends z.core.$ZodType>(schema: S, data: unknown): z.output<S> {
  const result = safeParse(schema, data);
  if (!result.success) throw new HttpError(400, fieldErrors(result.error));
  return result.data;
}
