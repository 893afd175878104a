import { env } from '../../platform/index.ts';
import type { MailTransport } from './types.ts';

/**
 * Postmark delivery. Each send carries the caller's AbortSignal down to the HTTP request (the SDK
 * accepts a fetch of our own), so a hanging API costs at most the caller's budget.
 * POSTMARK_API_HOST points the client at another host (tests use a fake server).
 */
export function postmarkTransport(): MailTransport {
  const config = env();
  const host = config.POSTMARK_API_HOST;
  const where = host ? { requestHost: host, useHttps: !/^(127\.0\.0\.1|localhost)(:|$)/.test(host) } : {};
  return {
    name: 'postmark',
    async send(message, { signal }) {
      // Loaded on the first send (after the answer), not with every function that writes an email.
      const { ServerClient } = await import('postmark');
      const client = new ServerClient(config.POSTMARK_SERVER_TOKEN ?? '', {
        ...where,
        timeout: 30,
        fetch: (input, init) => fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal }),
      });
      const result = await client.sendEmail({
        From: message.from,
        To: message.to,
        Subject: message.subject,
        TextBody: message.text,
        ...(message.html ? { HtmlBody: message.html } : {}),
        Tag: message.tag,
        MessageStream: 'outbound',
      });
      if (result.ErrorCode !== 0) throw new Error(`Postmark error ${result.ErrorCode}: ${result.Message}`);
      return result.MessageID;
    },
  };
}
