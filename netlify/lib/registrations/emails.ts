/** The one-time code email (registration's email check). Carries a secret: sent with secret: true. */
import { composeEmail, type EmailContent } from '../mail/layout.ts';

export function otpEmail(input: { code: string; ttlMinutes: number }): EmailContent {
  return composeEmail({
    subject: 'Your Aspira verification code',
    greeting: 'Hello,',
    blocks: [
      `Your Aspira verification code is ${input.code}.`,
      `Enter it on the registration page within ${input.ttlMinutes} minutes. It works once.`,
      'If you did not ask for this code, you can ignore this email.',
    ],
  });
}
