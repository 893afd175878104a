import type { MailTransport } from './index.ts';

/**
 * Local delivery: prints the message to the server console (that is where a local user reads an
 * OTP). The message also stays in the outbox table. Never used when a Postmark token is set.
 */
export const consoleTransport: MailTransport = {
  name: 'console',
  async send(message) {
    const rule = '-'.repeat(60);
    console.log(`\n${rule}\nEMAIL to ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n${rule}\n`);
    return undefined;
  },
};
