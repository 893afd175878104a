/**
 * The learner's Join button: their own registrant link to the live class, from 15 minutes before
 * it starts to its end. A learner without a link yet (enrolled after the meeting was made, or
 * joining for the first time) is registered on the spot, so the meeting's report names them.
 */
import { JOIN_CLOSED, JOIN_OPENS_MINUTES_BEFORE, joinOpensMessage, type JoinAnswer } from '../../../src/shared/classes.ts';
import type { Session } from '../auth/index.ts';
import { meetingHost, requireMeetings } from '../meetings/index.ts';
import { db, HttpError, log } from '../platform/index.ts';
import { ensureMeeting } from './timetable.ts';
import { endsAt, findSession, isBatchLearner, NO_SUCH_SESSION, NOT_IN_BATCH, SESSION_CANCELLED } from './sessions.ts';

export const NOT_LIVE = 'This session is not a live online class';
export const MEETING_NOT_READY = 'The link to this class is not ready yet. Please try again in a minute.';

/** When the Join button works: [start - 15 min, end]. */
export function joinWindow(startsAt: Date, durationMinutes: number): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(startsAt.getTime() - JOIN_OPENS_MINUTES_BEFORE * 60_000),
    closesAt: new Date(startsAt.getTime() + durationMinutes * 60_000),
  };
}

export async function joinLink(learner: Session, sessionId: string, now = new Date()): Promise<JoinAnswer> {
  const session = await findSession(db(), sessionId);
  if (!session) throw new HttpError(404, NO_SUCH_SESSION);
  if (!(await isBatchLearner(db(), session.batch_id, learner.accountId))) throw new HttpError(403, NOT_IN_BATCH);
  if (session.cancelled_at) throw new HttpError(409, SESSION_CANCELLED);
  if (session.kind !== 'live') throw new HttpError(409, NOT_LIVE);
  const { opensAt } = joinWindow(new Date(session.starts_at), session.duration_minutes);
  if (now < opensAt) throw new HttpError(409, joinOpensMessage(opensAt, now));
  if (now > endsAt(session)) throw new HttpError(409, JOIN_CLOSED);

  const [known] = await db()<{ join_url: string }[]>`
    select join_url from class_registrants where session_id = ${sessionId} and account_id = ${learner.accountId}`;
  if (known) return { url: known.join_url };

  try {
    requireMeetings();
  } catch {
    // A deployment without a meeting host: the operators' message names settings, not for learners.
    log.error('Join refused: no meeting host configured', { sessionId });
    throw new HttpError(503, MEETING_NOT_READY);
  }
  const meetingId = session.meeting_id ?? (await ensureMeeting(sessionId));
  if (!meetingId) throw new HttpError(503, MEETING_NOT_READY);
  let registrant: { registrantId: string; joinUrl: string };
  try {
    registrant = await meetingHost().addRegistrant(meetingId, {
      email: learner.email,
      firstName: learner.firstName || 'Learner',
      lastName: learner.lastName,
    });
  } catch (error) {
    log.error('registrant not added', { sessionId, error });
    throw new HttpError(503, MEETING_NOT_READY);
  }
  // Two taps at once: the first row stays, and both get the same link.
  const [stored] = await db()<{ join_url: string }[]>`
    insert into class_registrants (session_id, account_id, registrant_id, join_url)
    values (${sessionId}, ${learner.accountId}, ${registrant.registrantId}, ${registrant.joinUrl})
    on conflict (session_id, account_id) do update set session_id = excluded.session_id
    returning join_url`;
  return { url: stored!.join_url };
}
