/**
 * Live classes' meeting host (docs/zoom.md): the MeetingHost port, chosen by configuration
 * (host.ts: Zoom, the local sandbox, or 503), Zoom's webhook signature, and the sandbox's controls.
 */
export {
  MeetingHostError,
  type MeetingFailureKind,
  type MeetingHost,
  type MeetingInput,
  type MeetingParticipant,
  type MeetingRegistrant,
} from './types.ts';
export {
  MEETINGS_NOT_CONFIGURED,
  meetingHost,
  meetingHostName,
  requireMeetings,
  urlValidationAnswer,
  useMeetingHostForTests,
  verifyZoomWebhook,
  zoomWebhookRefusal,
} from './host.ts';
export {
  requireSandbox as requireZoomSandbox,
  sandboxJoin,
  sandboxSignZoomWebhook,
  sandboxZoomEnd,
  sandboxZoomMeetings,
  sandboxZoomParticipant,
} from './sandbox-control.ts';
export { INVALID_ZOOM_SIGNATURE, receiveZoomWebhook, type ZoomEvent } from './receive.ts';
