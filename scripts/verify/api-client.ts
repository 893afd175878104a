/**
 * The deploy verification's API client: requests against the served site, and the two kinds of
 * row it reports: a good request (status and a field the answer carries) and a bad one (status and
 * the API's one error shape, `{ errors: string | string[] }`).
 */
import postgres from 'postgres';
import type { Bundles } from './bundled.ts';
import type { Report } from './report.ts';

export type Answer = { status: number; body: any; text: string; type: string | null };
/** `bundle`: ask the built function directly, for answers Netlify's CLI would not pass on (see bundled.ts). */
type Options = { body?: unknown; form?: FormData; raw?: string; token?: string; headers?: Record<string, string>; bundle?: boolean };

export type ApiContext = { base: string; databaseUrl: string; inviteCode: string; sandboxSecret: string; postmarkWebhookSecret: string };

const isErrorShape = (body: any) =>
  !!body && (typeof body.errors === 'string' || (Array.isArray(body.errors) && body.errors.every((e: unknown) => typeof e === 'string')));

export function apiClient(report: Report, ctx: ApiContext, bundles: Bundles) {
  const call = async (method: string, path: string, options: Options = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    let body: BodyInit | undefined = options.form ?? options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const request = new Request(`${ctx.base}${path}`, { method, headers, body, redirect: 'manual' });
    const response = options.bundle ? await bundles.dispatch(request) : await fetch(request);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed, text, type: response.headers.get('content-type') };
  };
  /** A good request: the status, and a field the answer must carry. */
  const good = async (label: string, status: number, field: string, answer: Answer) => {
    const has = answer.body && field in answer.body;
    report.add(`good ${label}`, `${status} {${field}}`, `${answer.status} ${has ? `{${field}}` : answer.text.slice(0, 80)}`);
    return answer;
  };
  /** A bad request: the status, and the error shape. */
  const bad = async (label: string, status: number, answer: Answer & { bundle?: boolean }) => {
    const shape = isErrorShape(answer.body) ? '{errors}' : answer.text.slice(0, 80);
    const said = answer.status === status ? '' : ` ${JSON.stringify(answer.body?.errors ?? '').slice(0, 80)}`;
    report.add(`bad  ${label}`, `${status} {errors}`, `${answer.status} ${shape}${said}`, answer.status === status && shape === '{errors}');
    return answer;
  };
  const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} });
  /** The code in the newest OTP email to this address, read where a person reads it. */
  const latestOtp = async (email: string) => {
    const [row] = await sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${email} and tag = 'otp' order by id desc limit 1`;
    return row?.text_body.match(/verification code is (\d{6})/)?.[1] ?? '000000';
  };
  /** The token of the newest link of this kind ('verify-email', 'reset-password') emailed to the address. */
  const latestLinkToken = async (email: string, tag: string) => {
    const [row] = await sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${email} and tag = ${tag} order by id desc limit 1`;
    return row?.text_body.match(/token=([\w-]+)/)?.[1] ?? 'missing-token';
  };
  return { call, good, bad, latestOtp, latestLinkToken, sql, report, close: () => sql.end({ timeout: 5 }) };
}

export type ApiClient = ReturnType<typeof apiClient>;
