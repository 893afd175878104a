/**
 * Which meeting host this deployment uses for live classes: Zoom when its four keys are set; the
 * sandbox only on a local run; anywhere else every meeting call answers 503 (fail closed: a
 * deploy without keys never hands a learner a link to a meeting that does not exist).
 */
import { env, type Env, HttpError } from '../platform/index.ts';
import { sandboxHost } from './sandbox.ts';
import type { MeetingAdapter, MeetingHost } from './types.ts';
import { zoomHost } from './zoom.ts';
import { urlValidationAnswer as answerFor, verifyZoomSignature } from './webhook.ts';

export const MEETINGS_NOT_CONFIGURED =
  'Live classes are not configured on this deployment: set ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET and ZOOM_WEBHOOK_SECRET_TOKEN';

let selected: { adapter: MeetingAdapter; for: Env } | undefined;
let override: MeetingAdapter | undefined;

function adapter(): MeetingAdapter {
  if (override) return override;
  const config = env();
  if (selected?.for === config) return selected.adapter;
  let chosen: MeetingAdapter;
  if (config.ZOOM_ACCOUNT_ID && config.ZOOM_CLIENT_ID && config.ZOOM_CLIENT_SECRET && config.ZOOM_WEBHOOK_SECRET_TOKEN) {
    chosen = zoomHost({
      accountId: config.ZOOM_ACCOUNT_ID,
      clientId: config.ZOOM_CLIENT_ID,
      clientSecret: config.ZOOM_CLIENT_SECRET,
      webhookSecret: config.ZOOM_WEBHOOK_SECRET_TOKEN,
    });
  } else if (config.isLocal) {
    chosen = sandboxHost({ siteUrl: config.SITE_URL });
  } else {
    throw new HttpError(503, MEETINGS_NOT_CONFIGURED);
  }
  selected = { adapter: chosen, for: config };
  return chosen;
}

/** The configured meeting host; throws HttpError 503 on a deployment without Zoom keys. */
export function meetingHost(): MeetingHost {
  return adapter();
}

/** 'zoom', 'sandbox', or null when this deployment has none. */
export function meetingHostName(): MeetingAdapter['name'] | null {
  try {
    return adapter().name;
  } catch {
    return null;
  }
}

/** Refuses (503) before a meeting endpoint looks at anything else, when no host may run here. */
export function requireMeetings(): void {
  adapter();
}

/** Why a webhook is refused (unsigned, stale timestamp, bad signature), or null when Zoom signed these exact bytes. */
export function zoomWebhookRefusal(rawBody: string, headers: Headers): string | null {
  let secret: string;
  try {
    secret = adapter().webhookSecret;
  } catch {
    return 'meetings not configured';
  }
  const check = verifyZoomSignature(secret, rawBody, headers);
  return check.ok ? null : check.reason;
}

/** Zoom's x-zm-signature over the raw body, checked with the configured secret (false when none). */
export function verifyZoomWebhook(rawBody: string, headers: Headers): boolean {
  return zoomWebhookRefusal(rawBody, headers) === null;
}

/** The answer to Zoom's endpoint.url_validation challenge, with the configured secret. */
export function urlValidationAnswer(plainToken: string): { plainToken: string; encryptedToken: string } {
  return answerFor(adapter().webhookSecret, plainToken);
}

/** The secret Zoom's webhooks are signed with on this deployment (the sandbox signs its own with it). */
export function zoomWebhookSecret(): string {
  return adapter().webhookSecret;
}

/** Tests only: a fake host in place (undefined restores the configured one). */
export function useMeetingHostForTests(fake: MeetingHost | undefined, webhookSecret = 'test-zoom-webhook-secret'): void {
  override = fake ? { name: 'sandbox', webhookSecret, ...fake } : undefined;
}
