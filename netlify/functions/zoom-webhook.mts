import type { Config } from '@netlify/functions';
import { meetingIdSchema } from '../../src/shared/meetings.ts';
import { recordMeetingEnded } from '../lib/classes/index.ts';
import { MeetingHostError, receiveZoomWebhook, requireZoomSandbox, sandboxZoomEnd } from '../lib/meetings/index.ts';
import { HttpError, json, log, parseWith, readBytes, routes } from '../lib/platform/index.ts';

/** Zoom's events: the URL-validation challenge answered, a class's report read when its meeting ends, recordings kept. */
async function handle(raw: string, headers: Headers): Promise<Response> {
  const event = await receiveZoomWebhook(raw, headers);
  switch (event.kind) {
    case 'url-validation':
      return json(event.answer);
    case 'meeting-ended':
      try {
        return json({ received: 'meeting.ended', attendance: await recordMeetingEnded(event.meetingId) });
      } catch (error) {
        // The report is often not ready the moment a meeting ends: a 5xx makes Zoom send the event again later.
        if (error instanceof MeetingHostError && (error.kind === 'not-ready' || error.kind === 'temporary')) {
          log.warn('meeting report not read yet; Zoom will retry', { meetingId: event.meetingId, error: error.message });
          throw new HttpError(503, 'The meeting report is not ready yet');
        }
        throw error;
      }
    case 'recording-completed':
      return json({ received: 'recording.completed' });
    case 'ignored':
      return json({ received: event.event, ignored: true });
  }
}

/** Zoom's webhook (docs/zoom.md), and the sandbox's control that ends a meeting and sends the webhook Zoom would. */
export default routes({
  /** The signature covers the exact bytes, so they are read raw. */
  'POST /api/v1/zoom/webhook': async ({ request }) => {
    const raw = Buffer.from(await readBytes(request, 512 * 1024)).toString('utf8');
    return handle(raw, request.headers);
  },

  /** Sandbox only: the meeting ends; its signed meeting.ended goes through the same checks as Zoom's. */
  'POST /api/v1/sandbox/zoom/meetings/:meetingId/end': async ({ params }) => {
    requireZoomSandbox();
    const { rawBody, headers } = await sandboxZoomEnd(parseWith(meetingIdSchema, params.meetingId));
    return handle(rawBody, new Headers(headers));
  },
});

export const config: Config = {
  path: ['/api/v1/zoom/webhook', '/api/v1/sandbox/zoom/meetings/:meetingId/end'],
};
