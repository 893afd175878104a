/**
 * Zoom's webhook (docs/zoom.md): every call, the URL-validation challenge included, must carry
 * x-zm-signature over its exact bytes (answering an unsigned challenge would sign anything an
 * attacker chose: a forged event's signature). Each call is counted as accepted or refused.
 * recording.completed is kept (meeting_recordings: the meeting's and its files' facts only).
 */
import { db, HttpError, recordWebhook } from '../platform/index.ts';
import { requireMeetings, urlValidationAnswer, zoomWebhookRefusal } from './host.ts';

export const INVALID_ZOOM_SIGNATURE = 'Invalid webhook signature';

export type ZoomEvent =
  | { kind: 'url-validation'; answer: { plainToken: string; encryptedToken: string } }
  | { kind: 'meeting-ended'; meetingId: string }
  | { kind: 'recording-completed'; meetingId: string }
  | { kind: 'ignored'; event: string };

type Body = { event?: unknown; payload?: { plainToken?: unknown; object?: Record<string, unknown> } };

async function refuse(status: number, why: string): Promise<never> {
  await recordWebhook('zoom', why);
  throw new HttpError(status, why);
}

/** Checks, counts and reads one call; throws HttpError (401 unsigned or forged, 400 unreadable, 503 not configured). */
export async function receiveZoomWebhook(raw: string, headers: Headers): Promise<ZoomEvent> {
  requireMeetings();
  const refusal = zoomWebhookRefusal(raw, headers);
  if (refusal) {
    await recordWebhook('zoom', `${INVALID_ZOOM_SIGNATURE} (${refusal})`);
    throw new HttpError(401, INVALID_ZOOM_SIGNATURE);
  }
  let body: Body;
  try {
    body = JSON.parse(raw) as Body;
  } catch {
    return refuse(400, 'The webhook body is not valid JSON');
  }
  const event = typeof body.event === 'string' ? body.event : '';
  const object = body.payload?.object;
  const meetingId = object && (typeof object.id === 'number' || typeof object.id === 'string') ? String(object.id) : '';
  let read: ZoomEvent;
  if (event === 'endpoint.url_validation') {
    const plainToken = body.payload?.plainToken;
    if (typeof plainToken !== 'string' || !/^[\w-]{1,200}$/.test(plainToken)) return refuse(400, 'payload.plainToken is missing');
    read = { kind: 'url-validation', answer: urlValidationAnswer(plainToken) };
  } else if (event === 'meeting.ended' || event === 'recording.completed') {
    if (!/^\d{1,20}$/.test(meetingId)) return refuse(400, 'payload.object.id is missing');
    if (event === 'recording.completed') await keepRecording(meetingId, object!);
    read = { kind: event === 'meeting.ended' ? 'meeting-ended' : 'recording-completed', meetingId };
  } else {
    read = { kind: 'ignored', event: event.slice(0, 80) };
  }
  await recordWebhook('zoom', null);
  return read;
}

const FILE_FACTS = ['id', 'recording_type', 'recording_start', 'recording_end', 'file_type', 'file_size', 'status'] as const;

/** The recording's facts for a later recordings screen; no host email, no download token or URL with one. */
async function keepRecording(meetingId: string, object: Record<string, unknown>): Promise<void> {
  const files = Array.isArray(object.recording_files) ? (object.recording_files as Record<string, unknown>[]) : [];
  const payload = {
    uuid: object.uuid ?? null,
    topic: object.topic ?? null,
    start_time: object.start_time ?? null,
    duration: object.duration ?? null,
    share_url: object.share_url ?? null,
    recording_files: files.slice(0, 50).map((f) => Object.fromEntries(FILE_FACTS.map((k) => [k, f[k] ?? null]))),
  };
  await db()`insert into meeting_recordings (meeting_id, payload) values (${meetingId}, ${db().json(payload as never)})`;
}
