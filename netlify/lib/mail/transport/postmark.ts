import { env } from '../../platform/index.ts';
import { PermanentDeliveryError, type MailTransport } from './types.ts';

/** Postmark's API error codes that no retry can fix (docs/architecture.md, Operations). */
const INACTIVE_RECIPIENT = 406;
const INVALID_REQUEST = 300;
/** A 300 that names the recipient: the address itself is malformed. */
const RECIPIENT_AT_FAULT = /'(To|Cc|Bcc)'|recipient|e-?mail address|mailbox/i;

/** The SDK's error (ErrorCode as `code`) in the port's terms: permanent, or thrown as it is (retried). */
export function postmarkFailure(error: unknown): unknown {
  const failure = error as { code?: number; statusCode?: number; message?: string } | undefined;
  const message = `Postmark error ${failure?.code ?? '?'}: ${failure?.message ?? 'unknown'}`;
  if (failure?.code === INACTIVE_RECIPIENT) return new PermanentDeliveryError(message, 'inactive');
  if (failure?.code === INVALID_REQUEST)
    return new PermanentDeliveryError(message, RECIPIENT_AT_FAULT.test(failure.message ?? '') ? 'invalid-address' : null);
  return error;
}

/**
 * Postmark delivery. Each send carries the caller's AbortSignal down to the HTTP request (the SDK
 * accepts a fetch of our own), so a hanging API costs at most the caller's budget.
 * POSTMARK_API_HOST points the client at another host (tests use a fake server).
 */
export function postmarkTransport(): MailTransport {
  const config = env();
  const host = config.POSTMARK_API_HOST;
  const where = host ? { requestHost: host, useHttps: !/^(127\.0\.0\.1|localhost)(:|$)/.test(host) } : {};
  // Loaded on the first send (after the answer), not with every function that writes an email.
  const client = async (signal: AbortSignal) => {
    const { ServerClient } = await import('postmark');
    return new ServerClient(config.POSTMARK_SERVER_TOKEN ?? '', {
      ...where,
      timeout: 30,
      fetch: (input, init) => fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal }),
    });
  };
  return {
    name: 'postmark',
    async send(message, { signal }) {
      const postmark = await client(signal);
      let result;
      try {
        result = await postmark.sendEmail({
          From: message.from,
          To: message.to,
          Subject: message.subject,
          TextBody: message.text,
          ...(message.html ? { HtmlBody: message.html } : {}),
          Tag: message.tag,
          ...(message.headers ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
          MessageStream: 'outbound',
        });
      } catch (error) {
        throw postmarkFailure(error);
      }
      if (result.ErrorCode !== 0) throw postmarkFailure({ code: result.ErrorCode, message: result.Message });
      return result.MessageID;
    },
    async reactivate(bounceId, { signal }) {
      await (await client(signal)).activateBounce(Number(bounceId));
    },
  };
}
