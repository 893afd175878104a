/**
 * Getting back into an account and proving its address, for learners and admins alike:
 * confirm an email (link from signup, or a new one on request), forgot password (same answer for
 * any address), reset password (single-use link; every session ends; a "password changed" email).
 */
import {
  findToken,
  issueToken,
  retireTokens,
  useToken,
  type TokenPurpose,
  hashPassword,
  refusePersonalPassword,
  type Session,
  type Role,
} from '../auth/index.ts';
import { setPassword } from './login.ts';
import { db, HttpError, countHit, rateLimit } from '../platform/index.ts';
import { clearSuppression, enqueueEmail } from '../outbox/index.ts';
import { resetPassword as resetEmail, RESET_MINUTES, verifyEmail as verifyEmailContent } from './emails.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RECOVERY_LIMITS = {
  /** Reset links asked for one address (known or not, so the limit tells nothing). */
  forgotPerEmail: { limit: 3, windowSeconds: HOUR },
  forgotPerIp: { limit: 10, windowSeconds: HOUR },
  /** New verification links for one account, and from one address. */
  resendPerAccount: { limit: 3, windowSeconds: HOUR },
  resendPerIp: { limit: 10, windowSeconds: HOUR },
  /** Links tried (verify or reset) from one address: tokens cannot be guessed, but no one needs more. */
  linkPerIp: { limit: 30, windowSeconds: 15 * MINUTE },
} as const;

export const FORGOT_ANSWER = `If an account uses that email address, we sent it a link to choose a new password. The link works for ${RESET_MINUTES} minutes.`;
export const RESET_LINK_BAD = 'This password reset link has expired or was already used. Please ask for a new one.';
export const RESET_DONE = 'Your password was changed and every device was logged out. Please log in with your new password.';
export const VERIFY_LINK_BAD = 'This confirmation link has expired or is not valid. Log in and ask for a new one.';
export const VERIFIED = 'Thank you: your email address is confirmed.';
export const ALREADY_VERIFIED = 'Your email address is already confirmed.';
export const RESENT = 'We sent a new confirmation link to your email address. It works for 24 hours.';
export const ADMIN_UNVERIFIED =
  'Please confirm your email address first: open the link we emailed you (we have just sent a new one), then log in.';

/** Emails a reset link when the address has an account of this role; answers the same either way. */
export async function forgotPassword(role: Role, email: string, ip: string): Promise<{ message: string }> {
  await rateLimit({ bucket: `${role}-forgot-ip`, key: ip, ...RECOVERY_LIMITS.forgotPerIp });
  await rateLimit({ bucket: `${role}-forgot-email`, key: email, ...RECOVERY_LIMITS.forgotPerEmail });
  await db().begin(async (tx) => {
    const [account] = await tx<{ id: string; first_name: string }[]>`
      select id, first_name from accounts where role = ${role} and email = ${email}`;
    if (!account) return;
    const token = await issueToken(tx, account.id, 'reset-password');
    await enqueueEmail(tx, { to: email, ...resetEmail(role, account.first_name, token), tag: 'reset-password', secret: true });
  });
  return { message: FORGOT_ANSWER };
}

async function usableToken(token: string, purpose: TokenPurpose, role: Role, ip: string) {
  await rateLimit({ bucket: 'account-link-ip', key: ip, ...RECOVERY_LIMITS.linkPerIp });
  return findToken(db(), token, purpose, role);
}

/**
 * Sets a new password from a reset link. The rules are those of signup (length, common
 * passwords, not the name or email); a refused password leaves the link usable. Using the link
 * also confirms the email address: it proved the inbox.
 */
export async function resetPassword(role: Role, token: string, password: string, ip: string): Promise<{ message: string }> {
  const found = await usableToken(token, 'reset-password', role, ip);
  if (!found?.usable) throw new HttpError(400, RESET_LINK_BAD);
  refusePersonalPassword(password, found, 'password');
  const passwordHash = await hashPassword(password);
  await db().begin(async (tx) => {
    if (!(await useToken(tx, found.tokenId))) throw new HttpError(400, RESET_LINK_BAD);
    await setPassword(tx, found.accountId, passwordHash, true);
  });
  return { message: RESET_DONE };
}

/** Confirms the address from its link; a link already used for a confirmed address says so. */
export async function confirmEmail(role: Role, token: string, ip: string): Promise<{ message: string; alreadyConfirmed: boolean }> {
  const found = await usableToken(token, 'verify-email', role, ip);
  if (!found) throw new HttpError(400, VERIFY_LINK_BAD);
  if (!found.usable) {
    if (found.emailVerified) return { message: ALREADY_VERIFIED, alreadyConfirmed: true };
    throw new HttpError(400, VERIFY_LINK_BAD);
  }
  const used = await db().begin(async (tx) => {
    if (!(await useToken(tx, found.tokenId))) return false;
    await retireTokens(tx, found.accountId, 'verify-email');
    await tx`update accounts set email_verified_at = coalesce(email_verified_at, now()), updated_at = now() where id = ${found.accountId}`;
    // The link proved the inbox: an earlier bounce of this address no longer holds mail back.
    await clearSuppression(tx, found.email, { reason: 'confirmed' });
    return true;
  });
  if (!used) {
    // Another click won the race (or the link expired just now): answer what is true.
    const [account] = await db()<
      { verified: boolean }[]
    >`select email_verified_at is not null as verified from accounts where id = ${found.accountId}`;
    if (!account?.verified) throw new HttpError(400, VERIFY_LINK_BAD);
  }
  return used && !found.emailVerified
    ? { message: VERIFIED, alreadyConfirmed: false }
    : { message: ALREADY_VERIFIED, alreadyConfirmed: true };
}

/** Emails a fresh verification link to an unconfirmed account; false once its hourly allowance is used. */
async function sendVerification(role: Role, account: { id: string; email: string; firstName: string }): Promise<boolean> {
  const { exceeded } = await countHit({ bucket: `${role}-verify-resend`, key: account.id, ...RECOVERY_LIMITS.resendPerAccount });
  if (exceeded) return false;
  await db().begin(async (tx) => {
    const token = await issueToken(tx, account.id, 'verify-email');
    await enqueueEmail(tx, { to: account.email, ...verifyEmailContent(role, account.firstName, token), tag: 'verify-email', secret: true });
  });
  return true;
}

/** "Resend" on the learner's confirm-your-email screen: 429 once the allowance is used. */
export async function resendVerification(session: Session, ip: string): Promise<{ message: string; alreadyConfirmed: boolean }> {
  if (session.emailVerified) return { message: ALREADY_VERIFIED, alreadyConfirmed: true };
  await rateLimit({ bucket: `${session.role}-verify-resend-ip`, key: ip, ...RECOVERY_LIMITS.resendPerIp });
  const sent = await sendVerification(session.role, { id: session.accountId, email: session.email, firstName: session.firstName });
  if (!sent)
    throw new HttpError(429, 'We already sent several links this hour. Please check your inbox and spam folder, or try again later.');
  return { message: RESENT, alreadyConfirmed: false };
}

/**
 * Admins confirm their email before any admin action: a right password on an unconfirmed admin
 * account gets no session, but a fresh link (within the allowance) and a 403 saying so.
 */
export async function refuseUnconfirmedAdmin(account: { id: string; email: string; firstName: string; emailVerified: boolean }) {
  if (account.emailVerified) return;
  await sendVerification('admin', account);
  throw new HttpError(403, ADMIN_UNVERIFIED);
}
