/**
 * Errors the team can act on (docs/architecture.md, Operations): an unhandled error in a function
 * or a failed scheduled job is sent to Sentry when SENTRY_DSN is set, and nowhere otherwise (the
 * function log always has it, with its request id). No SDK: one event per error through Sentry's
 * envelope endpoint, so the public functions stay within their import budget.
 *
 * Personal data is scrubbed: no request body, header, cookie, IP or user; email addresses, long
 * digit runs (phones, card numbers) and token-like strings in the message and stack are replaced.
 */
import { randomUUID } from 'node:crypto';
import { env } from './env.ts';
import { log } from './log.ts';

const SEND_TIMEOUT_MS = 2_000;

type Dsn = { endpoint: string; publicKey: string; dsn: string };

/** https://<key>@<host>/<project> -> its envelope endpoint, or null when the DSN is not one. */
export function parseDsn(dsn: string): Dsn | null {
  try {
    const url = new URL(dsn);
    const project = url.pathname.replace(/^\/+|\/+$/g, '');
    if (!url.username || !/^\d+$/.test(project.split('/').pop() ?? '')) return null;
    const prefix = project.includes('/') ? `/${project.slice(0, project.lastIndexOf('/'))}` : '';
    const id = project.split('/').pop()!;
    return { endpoint: `${url.protocol}//${url.host}${prefix}/api/${id}/envelope/`, publicKey: url.username, dsn };
  } catch {
    return null;
  }
}

const EMAIL = /[^\s@"'<>()[\]]+@[^\s@"'<>()[\]]+\.[a-z]{2,}/gi;
const DIGITS = /\+?\d[\d\s-]{6,}\d/g;
const TOKEN = /\b[A-Za-z0-9_-]{32,}\b/g;

/** Replaces what could identify a person or open an account in free text. */
export function scrub(text: string): string {
  return text.replace(EMAIL, '[email]').replace(TOKEN, '[token]').replace(DIGITS, '[number]');
}

type Frame = { filename: string; function: string; lineno?: number; colno?: number; in_app: boolean };

function frames(stack: string | undefined): Frame[] {
  const out: Frame[] = [];
  for (const line of (stack ?? '').split('\n').slice(1, 40)) {
    const match = /at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line.trim());
    if (!match) continue;
    const filename = match[2]!.replace(/^file:\/\//, '').replace(/^.*\/(netlify|build|node_modules)\//, '$1/');
    out.push({
      filename: scrub(filename),
      function: scrub(match[1] ?? '?'),
      lineno: Number(match[3]),
      colno: Number(match[4]),
      in_app: !filename.startsWith('node_modules/') && !filename.startsWith('node:'),
    });
  }
  return out.reverse(); // Sentry lists the calling frame first, the throwing one last
}

export type ErrorContext = { requestId?: string; route?: string; method?: string; job?: string };

/** The event Sentry receives for an error (exported for the tests: nothing personal in it). */
export function errorEvent(error: unknown, context: ErrorContext, environment: string) {
  const err = error instanceof Error ? error : new Error(String(error));
  const tags = Object.fromEntries(
    Object.entries(context)
      .filter(([, v]) => typeof v === 'string' && v)
      .map(([k, v]) => [k, scrub(v!)]),
  );
  return {
    event_id: randomUUID().replace(/-/g, ''),
    timestamp: Date.now() / 1000,
    platform: 'node',
    level: 'error',
    environment,
    server_name: 'netlify-function',
    ...(context.route || context.job ? { transaction: scrub(context.job ?? `${context.method ?? ''} ${context.route}`.trim()) } : {}),
    tags,
    exception: { values: [{ type: err.name, value: scrub(err.message).slice(0, 1000), stacktrace: { frames: frames(err.stack) } }] },
  };
}

/**
 * Sends an error to Sentry (at most 2 s; never throws). Without SENTRY_DSN it does nothing: the
 * function log has the error already.
 */
export async function reportError(error: unknown, context: ErrorContext = {}): Promise<void> {
  let config;
  try {
    config = env();
  } catch {
    return;
  }
  if (!config.SENTRY_DSN) return;
  const target = parseDsn(config.SENTRY_DSN);
  if (!target) {
    log.warn('SENTRY_DSN is not a Sentry DSN: errors are not reported');
    return;
  }
  const event = errorEvent(error, context, config.SENTRY_ENVIRONMENT ?? config.appEnv);
  const body = `${JSON.stringify({ event_id: event.event_id, sent_at: new Date().toISOString(), dsn: target.dsn })}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify(event)}\n`;
  try {
    const answer = await fetch(target.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-sentry-envelope',
        'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${target.publicKey}, sentry_client=aspira/1.0`,
      },
      body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!answer.ok) log.warn('error tracker refused the event', { status: answer.status });
  } catch (failure) {
    log.warn('error tracker not reachable', { error: failure });
  }
}
