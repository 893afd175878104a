import type { MailTransport } from './types.ts';

/**
 * Local delivery: prints the message to the server console (that is where a local user reads an
 * OTP). The message also stays in the outbox table, secrets included (local: true). Only on a local run without a Postmark token
 * (see `transport()`): a deployment never pretends an email went out.
 */
export const consoleTransport: MailTransport = {
  name: 'console',
  local: true,
  async send(message) {
    const rule = '-'.repeat(60);
    console.log(`\n${rule}\nEMAIL to ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n${rule}\n`);
    return undefined;
  },
};
