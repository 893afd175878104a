/**
 * Classroom check-in by a rotating QR code (docs/product.md, Timetable and attendance). The
 * faculty screen asks for a token every few seconds: the session id and the second it was made,
 * signed with HMAC. A learner's logged-in phone sends it back; a token older than 30 seconds (a
 * photo forwarded to someone absent), another batch's, or a second check-in is refused.
 */
import { CHECKIN_TOKEN_SECONDS, type CheckinAnswer, type QrAnswer } from '../../../src/shared/classes.ts';
import type { Session } from '../auth/index.ts';
import { db, env, HttpError, hmacSha256Hex, signaturesEqual } from '../platform/index.ts';
import { findSession, isBatchLearner, NO_SUCH_SESSION, SESSION_CANCELLED, type SessionRow } from './sessions.ts';

export const NOT_OUR_CODE = 'This QR code is not ours: scan the one shown in class';
export const CODE_EXPIRED = 'This QR code has expired: scan the code on the screen again';
export const OTHER_BATCH = "This QR code is for another batch's class";
export const NOT_ENROLLED = 'You are not enrolled in the batch of this class';
export const ALREADY_CHECKED_IN = 'You have already checked in to this class';
export const NO_CHECKIN_FOR_DEADLINE = 'A deadline has no check-in';
/** A phone's clock may run a little behind the server's: a token "from the future" within this is fine. */
const CLOCK_SKEW_SECONDS = 5;

function checkinKey(): string {
  return hmacSha256Hex(new TextDecoder().decode(env().jwtSecret), 'classroom-checkin');
}

const mac = (sessionId: string, issuedAt: number) => hmacSha256Hex(checkinKey(), `checkin|${sessionId}|${issuedAt}`).slice(0, 32);

/** A fresh token for the session's QR code (the faculty screen, owners). */
export function issueCheckinToken(session: Pick<SessionRow, 'id' | 'kind' | 'cancelled_at'>, now = new Date()): QrAnswer {
  if (session.cancelled_at) throw new HttpError(409, SESSION_CANCELLED);
  if (session.kind === 'deadline') throw new HttpError(409, NO_CHECKIN_FOR_DEADLINE);
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = `${session.id}.${issuedAt.toString(36)}.${mac(session.id, issuedAt)}`;
  return {
    token,
    expiresAt: new Date((issuedAt + CHECKIN_TOKEN_SECONDS) * 1000).toISOString(),
    checkinUrl: `/checkin?t=${token}`,
  };
}

/** The session a genuine token names and its age in seconds; null for a token we did not sign. */
export function readCheckinToken(token: string, now = new Date()): { sessionId: string; ageSeconds: number } | null {
  const match = /^([1-9]\d{0,17})\.([0-9a-z]{1,10})\.([0-9a-f]{32})$/.exec(token);
  if (!match) return null;
  const [, sessionId, issued36, given] = match as unknown as [string, string, string, string];
  const issuedAt = parseInt(issued36, 36);
  if (!signaturesEqual(mac(sessionId, issuedAt), given)) return null;
  return { sessionId, ageSeconds: now.getTime() / 1000 - issuedAt };
}

export async function checkIn(learner: Session, token: string, now = new Date()): Promise<CheckinAnswer> {
  const read = readCheckinToken(token, now);
  if (!read) throw new HttpError(400, NOT_OUR_CODE);
  if (read.ageSeconds > CHECKIN_TOKEN_SECONDS || read.ageSeconds < -CLOCK_SKEW_SECONDS) throw new HttpError(409, CODE_EXPIRED);
  const session = await findSession(db(), read.sessionId);
  if (!session) throw new HttpError(404, NO_SUCH_SESSION);
  if (session.cancelled_at) throw new HttpError(409, SESSION_CANCELLED);
  if (!(await isBatchLearner(db(), session.batch_id, learner.accountId))) {
    const [elsewhere] = await db()`select 1 from batch_seats where account_id = ${learner.accountId} and status = 'taken' limit 1`;
    throw new HttpError(403, elsewhere ? OTHER_BATCH : NOT_ENROLLED);
  }
  const [fresh] = await db()`
    insert into attendance_entries (session_id, account_id, source, present, recorded_at)
    values (${session.id}, ${learner.accountId}, 'checkin', true, ${now})
    on conflict (session_id, account_id) where source = 'checkin' do nothing returning id`;
  if (!fresh) throw new HttpError(409, ALREADY_CHECKED_IN);
  return { session: { title: session.title, startsAt: new Date(session.starts_at).toISOString() }, batch: { name: session.batch_name } };
}
