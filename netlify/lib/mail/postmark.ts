import { ServerClient } from 'postmark';
import { env } from '../env.ts';
import type { MailTransport } from './index.ts';

/** Postmark delivery. POSTMARK_API_HOST points the client at another host (tests use a fake server). */
export function postmarkTransport(): MailTransport {
  const config = env();
  const host = config.POSTMARK_API_HOST;
  const client = new ServerClient(
    config.POSTMARK_SERVER_TOKEN ?? '',
    host ? { requestHost: host, useHttps: !/^(127\.0\.0\.1|localhost)(:|$)/.test(host), timeout: 10 } : { timeout: 10 },
  );
  return {
    name: 'postmark',
    async send(message) {
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
