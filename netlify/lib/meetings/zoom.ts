/**
 * Zoom through a Server-to-Server OAuth app: the server asks for an account-credentials access
 * token (one hour; no refresh token: a new one is asked for shortly before it lapses), creates
 * scheduled meetings with registration and cloud recording on, registers each learner (their own
 * join link, and the report names them by registrant id), and reads the participant report.
 */
import { MeetingHostError, type MeetingAdapter, type MeetingInput, type MeetingParticipant, type MeetingRegistrant } from './types.ts';

export type ZoomOptions = {
  accountId: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  /** Only tests point these at a local server. */
  apiBase?: string;
  oauthBase?: string;
  fetch?: typeof fetch;
  now?: () => number;
};

/** Ask for a new token this long before the old one lapses (a slow call must not carry a dead token). */
const TOKEN_MARGIN_MS = 5 * 60_000;
/** Under Netlify's 10-second function limit, with room to answer. */
const CALL_TIMEOUT_MS = 7_000;
const REPORT_PAGE_SIZE = 300;

type ZoomErrorBody = { code?: number; message?: string; reason?: string; error?: string };

/** Zoom times are ISO UTC without milliseconds ("2026-12-03T13:30:00Z"). */
const zoomTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

function meetingBody(input: Partial<MeetingInput>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (input.topic !== undefined) body.topic = input.topic.slice(0, 200);
  if (input.startsAt !== undefined) body.start_time = zoomTime(input.startsAt);
  if (input.durationMinutes !== undefined) body.duration = input.durationMinutes;
  return body;
}

export function zoomHost(options: ZoomOptions): MeetingAdapter {
  const api = (options.apiBase ?? 'https://api.zoom.us/v2').replace(/\/$/, '');
  const oauth = (options.oauthBase ?? 'https://zoom.us').replace(/\/$/, '');
  const send = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let token: { value: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await send(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    } catch (error) {
      throw new MeetingHostError('temporary', `Zoom did not answer: ${(error as Error).message}`);
    }
  }

  async function newToken(): Promise<string> {
    const query = new URLSearchParams({ grant_type: 'account_credentials', account_id: options.accountId });
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await call(`${oauth}/oauth/token?${query}`, { method: 'POST', headers: { authorization: `Basic ${basic}` } });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number } & ZoomErrorBody;
    if (!response.ok || !body.access_token) {
      const why = body.reason ?? body.error ?? `HTTP ${response.status}`;
      if (response.status === 429 || response.status >= 500) throw new MeetingHostError('temporary', `Zoom gave no access token: ${why}`);
      throw new MeetingHostError(
        'request',
        `Zoom refused the app's credentials (${why}): check ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET and that the app is activated`,
      );
    }
    const lifetimeMs = (body.expires_in ?? 3600) * 1000;
    token = { value: body.access_token, renewAt: now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return body.access_token;
  }

  function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    pending ??= newToken().finally(() => (pending = undefined));
    return pending;
  }

  /** One API call; a token Zoom calls invalid (revoked, app reactivated) is replaced once. */
  async function request<T>(method: string, path: string, body?: unknown, retried = false): Promise<T | null> {
    const response = await call(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${await accessToken()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status === 204) return null;
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // A proxy's HTML error page: the status says what happened.
      if (response.ok)
        throw new MeetingHostError('temporary', `Zoom answered ${method} ${path.split('?')[0]} with something other than JSON`);
    }
    if (response.ok) return parsed as T;
    const error = (parsed ?? {}) as ZoomErrorBody;
    if (response.status === 401 && !retried) {
      token = undefined;
      return request<T>(method, path, body, true);
    }
    throw zoomError(response.status, error, `${method} ${path.split('?')[0]}`);
  }

  return {
    name: 'zoom',
    webhookSecret: options.webhookSecret,

    async createMeeting(input) {
      const created = await request<{ id: number; join_url: string }>('POST', '/users/me/meetings', {
        ...meetingBody(input),
        type: 2,
        timezone: 'UTC',
        settings: {
          approval_type: 0,
          registration_type: 1,
          auto_recording: 'cloud',
          join_before_host: false,
          waiting_room: false,
          registrants_email_notification: false,
          registrants_confirmation_email: false,
        },
      });
      if (!created?.id) throw new MeetingHostError('request', 'Zoom created no meeting');
      const meetingId = String(created.id);
      // The start_url Zoom returns carries a host key that lapses; the plain link asks the host to sign in.
      return { meetingId, hostUrl: `${oauth}/s/${meetingId}` };
    },

    async updateMeeting(meetingId, input) {
      const body = meetingBody(input);
      if (Object.keys(body).length === 0) return;
      await request('PATCH', `/meetings/${encodeURIComponent(meetingId)}`, body);
    },

    async deleteMeeting(meetingId) {
      try {
        await request('DELETE', `/meetings/${encodeURIComponent(meetingId)}`);
      } catch (error) {
        if (error instanceof MeetingHostError && error.kind === 'not-found') return;
        throw error;
      }
    },

    async addRegistrant(meetingId, registrant: MeetingRegistrant) {
      const added = await request<{ registrant_id: string; join_url: string }>(
        'POST',
        `/meetings/${encodeURIComponent(meetingId)}/registrants`,
        {
          email: registrant.email,
          first_name: registrant.firstName.slice(0, 64) || 'Learner',
          last_name: registrant.lastName.slice(0, 64),
        },
      );
      if (!added?.registrant_id || !added.join_url) throw new MeetingHostError('request', 'Zoom registered nobody');
      return { registrantId: added.registrant_id, joinUrl: added.join_url };
    },

    async participantReport(meetingId) {
      const rows: MeetingParticipant[] = [];
      let next = '';
      do {
        const query = new URLSearchParams({ page_size: String(REPORT_PAGE_SIZE), ...(next ? { next_page_token: next } : {}) });
        const page = await request<ZoomReportPage>('GET', `/report/meetings/${encodeURIComponent(meetingId)}/participants?${query}`);
        for (const p of page?.participants ?? []) rows.push(toParticipant(p));
        next = page?.next_page_token ?? '';
      } while (next);
      return rows;
    },
  };
}

type ZoomReportPage = {
  next_page_token?: string;
  participants?: {
    name?: string;
    user_email?: string;
    registrant_id?: string;
    join_time: string;
    leave_time: string;
  }[];
};

function toParticipant(p: NonNullable<ZoomReportPage['participants']>[number]): MeetingParticipant {
  return {
    registrantId: p.registrant_id || null,
    email: p.user_email || null,
    name: p.name ?? '',
    joinedAt: new Date(p.join_time),
    leftAt: new Date(p.leave_time),
  };
}

/** Zoom's HTTP status and error code, in our terms and in words an owner can act on. */
function zoomError(status: number, body: ZoomErrorBody, what: string): MeetingHostError {
  const detail = `${body.message ?? `HTTP ${status}`}${body.code ? ` (code ${body.code})` : ''}`;
  if (status === 404) return new MeetingHostError('not-found', `Zoom has no such meeting: ${detail}`, body.code ?? null);
  // 3001 on a report: the meeting has not ended or Zoom has not finished the report yet.
  if (status === 400 && body.code === 3001)
    return new MeetingHostError('not-ready', `Zoom has no report for this meeting yet: ${detail}`, 3001);
  if (status === 429) return new MeetingHostError('temporary', `Zoom asks us to slow down: ${detail}`, body.code ?? null);
  if (status >= 500) return new MeetingHostError('temporary', `Zoom failed (${what}): ${detail}`, body.code ?? null);
  if (body.code === 4711 || body.code === 4700) {
    return new MeetingHostError('request', `The Zoom app lacks a scope for ${what} (docs/zoom.md lists them): ${detail}`, body.code);
  }
  if (status === 401) return new MeetingHostError('request', `Zoom refused our access token twice: ${detail}`, body.code ?? null);
  return new MeetingHostError('request', `Zoom refused ${what}: ${detail}`, body.code ?? null);
}
