import { env } from '../../platform/index.ts';
import { consoleTransport } from './console.ts';
import { postmarkTransport } from './postmark.ts';
import type { MailTransport } from './types.ts';

export { PermanentDeliveryError, type AddressProblem, type MailTransport, type OutgoingEmail } from './types.ts';
export { postmarkTransport } from './postmark.ts';

/** Postmark when a token is set; the console only on a local run; otherwise none (emails wait). */
export function transport(): MailTransport | undefined {
  const config = env();
  if (config.POSTMARK_SERVER_TOKEN) return postmarkTransport();
  return config.isLocal ? consoleTransport : undefined;
}
