/**
 * The local Zoom sandbox: answers as Zoom does (numeric meeting ids, a registrant id and a join
 * link per learner, a participant report naming each join by registrant id, "no such meeting"
 * refusals) and keeps its books in its own tables (sandbox_zoom_*). Its join links open a sandbox
 * meeting page on this site that records the join. Like Zoom it hands out access tokens that
 * lapse after an hour and refuses a lapsed one; the client side asks for a new one before then.
 * Its webhooks are signed exactly as Zoom signs them. Only a local run uses it (index.ts).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { db, hmacSha256Hex, signaturesEqual } from '../platform/index.ts';
import { MeetingHostError, type MeetingAdapter, type MeetingParticipant } from './types.ts';

export const SANDBOX_ZOOM_WEBHOOK_SECRET = 'sandbox-zoom-webhook-secret-only-for-local-use';
const SANDBOX_TOKEN_SECRET = 'sandbox-zoom-oauth-secret-only-for-local-use';
/** Zoom's account-credentials tokens live one hour. */
export const SANDBOX_TOKEN_SECONDS = 3600;
const TOKEN_MARGIN_MS = 5 * 60_000;

export type SandboxZoomOptions = {
  siteUrl: string;
  webhookSecret?: string;
  now?: () => number;
  tokenSeconds?: number;
};

/** The sandbox's authorization server: a self-checking token (any function instance can check it). */
export function sandboxIssueToken(nowMs: number, seconds = SANDBOX_TOKEN_SECONDS): { access_token: string; expires_in: number } {
  const expires = nowMs + seconds * 1000;
  return { access_token: `sbxzoom.${expires}.${hmacSha256Hex(SANDBOX_TOKEN_SECRET, String(expires))}`, expires_in: seconds };
}

/** Zoom's answer to a lapsed or forged token: 401, code 124. */
export function sandboxCheckToken(token: string, nowMs: number): void {
  const [prefix, expires, mac] = token.split('.');
  const genuine = prefix === 'sbxzoom' && !!expires && signaturesEqual(hmacSha256Hex(SANDBOX_TOKEN_SECRET, expires), mac);
  if (!genuine || Number(expires) <= nowMs)
    throw new MeetingHostError('request', 'Zoom refused our access token: Invalid access token. (code 124)', 124);
}

const meetingNumber = () => `8${String(randomInt(0, 1e9)).padStart(9, '0')}${randomInt(0, 10)}`;

/** The join link a registrant gets: the sandbox meeting page of this site. */
export function sandboxJoinUrl(siteUrl: string, meetingId: string, joinToken: string): string {
  return new URL(`/api/v1/sandbox/zoom/j/${meetingId}?tk=${joinToken}`, siteUrl).toString();
}

async function liveMeeting(meetingId: string): Promise<{ id: string; topic: string; start_time: Date; duration: number }> {
  const [row] = await db()<{ id: string; topic: string; start_time: Date; duration: number }[]>`
    select id, topic, start_time, duration from sandbox_zoom_meetings where id = ${meetingId} and status <> 'deleted'`;
  if (!row) throw new MeetingHostError('not-found', `Zoom has no such meeting: Meeting does not exist: ${meetingId}. (code 3001)`, 3001);
  return row;
}

/**
 * The client half of the sandbox's OAuth: a cached token, asked for again shortly before it lapses;
 * every call also passes the server half's check, which refuses a lapsed token as Zoom does.
 */
export function sandboxTokens(now: () => number, seconds = SANDBOX_TOKEN_SECONDS) {
  let token: { value: string; renewAt: number } | undefined;
  let issued = 0;
  return {
    /** The token a call would carry now (a new one when the cached one is about to lapse). */
    current(): string {
      if (!token || now() >= token.renewAt) {
        const fresh = sandboxIssueToken(now(), seconds);
        issued += 1;
        const lifetimeMs = fresh.expires_in * 1000;
        token = { value: fresh.access_token, renewAt: now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
      }
      return token.value;
    },
    authorize(): void {
      sandboxCheckToken(this.current(), now());
    },
    issued: () => issued,
  };
}

export function sandboxHost(options: SandboxZoomOptions): MeetingAdapter {
  const tokens = sandboxTokens(options.now ?? Date.now, options.tokenSeconds);
  const authorize = () => tokens.authorize();

  return {
    name: 'sandbox',
    webhookSecret: options.webhookSecret ?? SANDBOX_ZOOM_WEBHOOK_SECRET,

    async createMeeting({ topic, startsAt, durationMinutes }) {
      authorize();
      const id = meetingNumber();
      const settings = { approval_type: 0, registration_type: 1, auto_recording: 'cloud' };
      await db()`insert into sandbox_zoom_meetings (id, topic, start_time, duration, settings)
                 values (${id}, ${topic.slice(0, 200)}, ${startsAt}, ${durationMinutes}, ${db().json(settings)})`;
      return { meetingId: id, hostUrl: new URL(`/api/v1/sandbox/zoom/s/${id}`, options.siteUrl).toString() };
    },

    async updateMeeting(meetingId, input) {
      authorize();
      await liveMeeting(meetingId);
      await db()`update sandbox_zoom_meetings set
        topic = coalesce(${input.topic?.slice(0, 200) ?? null}, topic),
        start_time = coalesce(${input.startsAt ?? null}::timestamptz, start_time),
        duration = coalesce(${input.durationMinutes ?? null}::int, duration)
        where id = ${meetingId}`;
    },

    async deleteMeeting(meetingId) {
      authorize();
      await db()`update sandbox_zoom_meetings set status = 'deleted' where id = ${meetingId}`;
    },

    async addRegistrant(meetingId, { email, firstName, lastName }) {
      authorize();
      await liveMeeting(meetingId);
      // Zoom answers a second registration of the same email with the first one's link.
      const [row] = await db()<{ id: string; join_token: string }[]>`
        insert into sandbox_zoom_registrants (id, meeting_id, email, first_name, last_name, join_token)
        values (${randomBytes(16).toString('base64url')}, ${meetingId}, ${email.toLowerCase()}, ${firstName || 'Learner'}, ${lastName},
                ${randomBytes(24).toString('base64url')})
        on conflict (meeting_id, email) do update set first_name = excluded.first_name
        returning id, join_token`;
      return { registrantId: row!.id, joinUrl: sandboxJoinUrl(options.siteUrl, meetingId, row!.join_token) };
    },

    async participantReport(meetingId): Promise<MeetingParticipant[]> {
      authorize();
      await liveMeeting(meetingId);
      const rows = await db()<
        { registrant_id: string | null; user_email: string | null; name: string; join_time: Date; leave_time: Date }[]
      >`
        select registrant_id, user_email, name, join_time, leave_time from sandbox_zoom_participants
        where meeting_id = ${meetingId} order by id`;
      return rows.map((r) => ({
        registrantId: r.registrant_id,
        email: r.user_email,
        name: r.name,
        joinedAt: new Date(r.join_time),
        leftAt: new Date(r.leave_time),
      }));
    },
  };
}

export type SandboxJoin = { topic: string; startsAt: Date; durationMinutes: number; name: string };

/**
 * A learner opens their join link: the join is in the report under their registrant id, staying
 * until the meeting's scheduled end (or now, if later). Null when the link is not one the sandbox gave.
 */
export async function sandboxRecordJoin(meetingId: string, joinToken: string, at = new Date()): Promise<SandboxJoin | null> {
  const [row] = await db()<{ id: string; email: string; name: string; topic: string; start_time: Date; duration: number }[]>`
    select r.id, r.email, trim(r.first_name || ' ' || r.last_name) as name, m.topic, m.start_time, m.duration
    from sandbox_zoom_registrants r join sandbox_zoom_meetings m on m.id = r.meeting_id
    where r.meeting_id = ${meetingId} and r.join_token = ${joinToken} and m.status <> 'deleted'`;
  if (!row) return null;
  const end = new Date(new Date(row.start_time).getTime() + row.duration * 60_000);
  await sandboxAddParticipant(meetingId, {
    registrantId: row.id,
    email: row.email,
    name: row.name,
    joinedAt: at,
    leftAt: end > at ? end : at,
  });
  return { topic: row.topic, startsAt: new Date(row.start_time), durationMinutes: row.duration, name: row.name };
}

/** Tests and local tries fill the report directly (anyone, any times, with or without a registrant id). */
export async function sandboxAddParticipant(meetingId: string, p: MeetingParticipant): Promise<void> {
  await liveMeeting(meetingId);
  await db()`insert into sandbox_zoom_participants (meeting_id, registrant_id, name, user_email, join_time, leave_time)
             values (${meetingId}, ${p.registrantId}, ${p.name}, ${p.email}, ${p.joinedAt}, ${p.leftAt})`;
}

/** The sandbox's meetings with their registrants and report, newest first (the controls' listing). */
export async function sandboxMeetings(meetingId?: string) {
  return db()<
    {
      id: string;
      topic: string;
      startTime: Date;
      duration: number;
      status: string;
      settings: Record<string, unknown>;
      registrants: unknown[];
      participants: unknown[];
    }[]
  >`
    select m.id, m.topic, m.start_time as "startTime", m.duration, m.status, m.settings,
      coalesce((select json_agg(json_build_object('id', r.id, 'email', r.email, 'firstName', r.first_name, 'lastName', r.last_name) order by r.created_at)
                from sandbox_zoom_registrants r where r.meeting_id = m.id), '[]') as registrants,
      coalesce((select json_agg(json_build_object('registrantId', p.registrant_id, 'name', p.name, 'email', p.user_email,
                                                  'joinedAt', p.join_time, 'leftAt', p.leave_time) order by p.id)
                from sandbox_zoom_participants p where p.meeting_id = m.id), '[]') as participants
    from sandbox_zoom_meetings m
    where ${meetingId ? db()`m.id = ${meetingId}` : db()`true`}
    order by m.created_at desc limit 100`;
}

/** Marks the meeting ended; the meeting.ended webhook Zoom would then send. */
export async function sandboxEndMeeting(meetingId: string): Promise<string> {
  const meeting = await liveMeeting(meetingId);
  await db()`update sandbox_zoom_meetings set status = 'ended' where id = ${meetingId}`;
  return JSON.stringify({
    event: 'meeting.ended',
    event_ts: Date.now(),
    payload: {
      account_id: 'SANDBOX_ACCOUNT',
      object: {
        id: meeting.id,
        uuid: `${randomBytes(16).toString('base64')}`,
        host_id: 'SANDBOX_HOST',
        topic: meeting.topic,
        type: 2,
        start_time: new Date(meeting.start_time).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        end_time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        duration: meeting.duration,
        timezone: 'UTC',
      },
    },
  });
}

/** The headers Zoom puts on a webhook: x-zm-request-timestamp (seconds) and x-zm-signature over the raw body. */
export function signZoomWebhook(secret: string, rawBody: string, timestampSeconds = Math.floor(Date.now() / 1000)): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-zm-request-timestamp': String(timestampSeconds),
    'x-zm-signature': `v0=${hmacSha256Hex(secret, `v0:${timestampSeconds}:${rawBody}`)}`,
  };
}
