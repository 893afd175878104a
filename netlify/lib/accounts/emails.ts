/**
 * Account emails: confirm your address, someone tried to sign up with it, reset your password,
 * your password was changed. Links are built from SITE_URL only; a name is greeted only when it
 * is a plain name (greetingName), so a signup form cannot make us send a stranger our words
 * around theirs.
 */
import type { Role } from '../auth/index.ts';
import { composeEmail, type EmailContent } from '../mail/index.ts';
import { greetingName } from '../outbox/index.ts';
import { siteUrl } from '../platform/index.ts';

const AREA: Record<Role, string> = { user: '', admin: '/admin' };
const ACCOUNT: Record<Role, string> = { user: 'Aspira account', admin: 'Aspira admin account' };

const hello = (name: string) => `Hello ${greetingName(name)},`;

export const VERIFY_HOURS = 24;
export const RESET_MINUTES = 30;

/** The link that confirms a new account's email address (single use, 24 hours). */
export function verifyEmail(role: Role, name: string, token: string): EmailContent {
  const url = siteUrl(`${AREA[role]}/verify-email?token=${token}`);
  return composeEmail({
    subject: 'Confirm your email address',
    greeting: hello(name),
    blocks: [
      `Please confirm that this is your email address to finish setting up your ${ACCOUNT[role]}.`,
      { link: { label: 'Confirm my email address', url } },
      `The link works once, for ${VERIFY_HOURS} hours. If it has expired, log in and ask for a new one.`,
    ],
    footer: `You are receiving this email because this address was used to create an ${ACCOUNT[role]}. If that was not you, you can ignore this message: nothing happens without the link.`,
  });
}

/** To the owner of an address someone tried to sign up with again: no secret, a way back in. */
export function signupAttempt(role: Role, name: string, email: string): EmailContent {
  const login = siteUrl(`${AREA[role]}/login`);
  const forgot = siteUrl(`${AREA[role]}/forgot-password?email=${encodeURIComponent(email)}`);
  return composeEmail({
    subject: 'Someone tried to sign up with your email address',
    greeting: hello(name),
    blocks: [
      `Someone tried to create a new ${ACCOUNT[role]} with this email address, which already has one. No new account was created.`,
      'If it was you, log in with your existing account:',
      { link: { label: 'Log in', url: login } },
      'Forgot your password? Set a new one here:',
      { link: { label: 'Reset my password', url: forgot } },
      'If it was not you, you can ignore this message: your account has not changed.',
    ],
    withSupport: true,
  });
}

/** The single-use link that sets a new password (30 minutes). */
export function resetPassword(role: Role, name: string, token: string): EmailContent {
  const url = siteUrl(`${AREA[role]}/reset-password?token=${token}`);
  return composeEmail({
    subject: 'Reset your password',
    greeting: hello(name),
    blocks: [
      `We received a request to reset the password of your ${ACCOUNT[role]}.`,
      { link: { label: 'Choose a new password', url } },
      `The link works once, for ${RESET_MINUTES} minutes. Setting a new password logs you out on every device.`,
    ],
    footer: 'If you did not ask for this, you can ignore this message: your password stays as it is.',
  });
}

/** Sent after every password change, so a change the owner did not make is noticed. */
export function passwordChanged(role: Role, name: string): EmailContent {
  return composeEmail({
    subject: 'Your password was changed',
    greeting: hello(name),
    blocks: [
      `The password of your ${ACCOUNT[role]} was just changed, and every device that was logged in has been logged out.`,
      'If you did this, there is nothing else to do.',
      'If you did not, reset your password now and tell us:',
      { link: { label: 'Reset my password', url: siteUrl(`${AREA[role]}/forgot-password`) } },
    ],
    withSupport: true,
  });
}
