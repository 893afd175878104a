/** The live-class meeting port (its types and its one error): adapters import only this file, index.ts picks one. */

export type MeetingInput = { topic: string; startsAt: Date; durationMinutes: number };

export type MeetingRegistrant = { email: string; firstName: string; lastName: string };

/** One row of a meeting's participant report (one per join: a person who rejoins has several). */
export type MeetingParticipant = {
  /** The registrant the join link belonged to; null for someone who joined without one (the host). */
  registrantId: string | null;
  email: string | null;
  /** The display name typed at join: anyone can type any name, so never match learners by it. */
  name: string;
  joinedAt: Date;
  leftAt: Date;
};

/** The port: Zoom (Server-to-Server OAuth) or the local sandbox that answers the same way. */
export interface MeetingHost {
  /** A scheduled meeting with registration on and cloud recording on; hostUrl starts it as the host. */
  createMeeting(input: MeetingInput): Promise<{ meetingId: string; hostUrl: string }>;
  updateMeeting(meetingId: string, input: Partial<MeetingInput>): Promise<void>;
  /** Deleting a meeting that is already gone is not an error. */
  deleteMeeting(meetingId: string): Promise<void>;
  /** The learner's own join link: the participant report names them by registrantId. */
  addRegistrant(meetingId: string, registrant: MeetingRegistrant): Promise<{ registrantId: string; joinUrl: string }>;
  /** Every join of a meeting that has ended (all pages). */
  participantReport(meetingId: string): Promise<MeetingParticipant[]>;
}

/** An adapter as index.ts holds it: the port plus what verifies its webhooks. */
export interface MeetingAdapter extends MeetingHost {
  name: 'zoom' | 'sandbox';
  /** Zoom's webhook secret token: signs x-zm-signature and the URL-validation answer. */
  webhookSecret: string;
}

/** Why a call failed, in our terms. */
export type MeetingFailureKind =
  /** No such meeting (or registrant) at the host. */
  | 'not-found'
  /** The report is not ready yet (meeting not ended, or the host is still processing it). */
  | 'not-ready'
  /** Our credentials, scopes or request are at fault: a setting or a bug to fix. */
  | 'request'
  /** Rate limits, timeouts, 5xx: worth another try. */
  | 'temporary';

/** The host refused or failed a call; `code` is the host's own error code, kept for the log. */
export class MeetingHostError extends Error {
  override name = 'MeetingHostError';
  readonly kind: MeetingFailureKind;
  readonly code: number | null;
  constructor(kind: MeetingFailureKind, message: string, code: number | null = null) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}
