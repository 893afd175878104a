/**
 * The Zoom sandbox's controls (local runs only; 404 anywhere else, like the payment and WhatsApp
 * sandboxes): the meeting page a join link opens, the books, filling the participant report, and
 * ending a meeting, which makes the meeting.ended webhook Zoom would send, signed as Zoom signs it.
 */
import { HttpError } from '../platform/index.ts';
import { meetingHostName, zoomWebhookSecret } from './host.ts';
import {
  sandboxAddParticipant,
  sandboxEndMeeting,
  sandboxMeetings,
  sandboxRecordJoin,
  signZoomWebhook,
  type SandboxJoin,
} from './sandbox.ts';
import { MeetingHostError, type MeetingParticipant } from './types.ts';

/** 404 unless this run uses the sandbox: its pages and controls do not exist on a deploy. */
export function requireSandbox(): void {
  if (meetingHostName() !== 'sandbox') throw new HttpError(404, 'No such API endpoint');
}

/** A join link opened: the join is recorded under the link's registrant; null for a link the sandbox never gave. */
export async function sandboxJoin(meetingId: string, joinToken: string): Promise<SandboxJoin | null> {
  requireSandbox();
  return sandboxRecordJoin(meetingId, joinToken);
}

export async function sandboxZoomMeetings(meetingId?: string) {
  requireSandbox();
  return sandboxMeetings(meetingId);
}

/** The sandbox's "no such meeting" as this site's 404. */
async function known<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof MeetingHostError && error.kind === 'not-found') throw new HttpError(404, 'The sandbox has no such meeting');
    throw error;
  }
}

export async function sandboxZoomParticipant(meetingId: string, participant: MeetingParticipant): Promise<void> {
  requireSandbox();
  await known(sandboxAddParticipant(meetingId, participant));
}

/** Ends the meeting; answers the webhook's raw body and Zoom's headers for it. */
export async function sandboxZoomEnd(meetingId: string): Promise<{ rawBody: string; headers: Record<string, string> }> {
  requireSandbox();
  const rawBody = await known(sandboxEndMeeting(meetingId));
  return { rawBody, headers: signZoomWebhook(zoomWebhookSecret(), rawBody) };
}

/** Any Zoom webhook body signed as Zoom would sign it now (tests, the deploy verification's local runs). */
export function sandboxSignZoomWebhook(rawBody: string): Record<string, string> {
  requireSandbox();
  return signZoomWebhook(zoomWebhookSecret(), rawBody);
}
