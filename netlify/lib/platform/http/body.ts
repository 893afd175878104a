/** Reading request bodies: size caps, media type, JSON, and text PostgreSQL can store. */
import type { z } from 'zod';
import { HttpError, parseWith } from './errors.ts';

export const MAX_JSON_BYTES = 64 * 1024;

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
export async function readJson<S extends z.core.$ZodType>(request: Request, schema: S): Promise<z.output<S>> {
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

/** Deeper than any body the API takes (its deepest is 3 levels); a limit keeps the walk bounded. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/**
 * A 400 naming the field when any string (or key) in `value` holds text we must not store, and a
 * 400 for a body nested deeper than MAX_JSON_DEPTH. The walk keeps its own stack: a recursive one
 * overflowed the call stack on 5,000 nested objects and answered 500.
 */
export function assertStorableText(value: unknown, field = 'body'): void {
  const problems: string[] = [];
  const pending: [value: unknown, path: string, depth: number][] = [[value, field, 0]];
  while (pending.length > 0) {
    const [v, path, depth] = pending.pop()!;
    if (typeof v === 'string') {
      if (CONTROL.test(v) || !v.isWellFormed()) problems.push(`${path}: ${BAD_TEXT}`);
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) throw new HttpError(400, TOO_DEEP);
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) pending.push([v[i], `${path}.${i}`, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(v).reverse()) {
      if (CONTROL.test(key) || !key.isWellFormed()) problems.push(`${path}: ${BAD_TEXT} (in a field name)`);
      else pending.push([item, path === 'body' ? key : `${path}.${key}`, depth + 1]);
    }
  }
  if (problems.length > 0) throw new HttpError(400, [...new Set(problems)]);
}
