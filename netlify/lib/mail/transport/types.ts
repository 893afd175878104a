/** The Mailer port (its types and its one error): adapters import only this file, index.ts picks one. */

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tag?: string;
  /** The body holds a secret (a one-time code, a reset or verification link): once delivered,
   *  the outbox keeps only REDACTED in its place. */
  secret?: boolean;
  /** Sent to an address someone typed into a public form: at most CONFIRMATIONS_PER_DAY a day
   *  per address, later ones are dropped (enqueueEmail answers null). */
  toVisitor?: boolean;
  /** The person typed this address for this very email (an OTP, a new account's confirmation):
   *  it goes out even when the address bounced before (they may have fixed their mailbox). */
  retyped?: boolean;
  /** An offer the person did not ask for (src/shared/messages.ts): never written for a child or
   *  after every consent is withdrawn; delivered with List-Unsubscribe. */
  marketing?: boolean;
  /** Extra headers, set at delivery (List-Unsubscribe on marketing); never from a caller's input. */
  headers?: Record<string, string>;
};

/** Why an address cannot receive mail, as the provider said it. */
export type AddressProblem = 'inactive' | 'invalid-address';

/**
 * The provider refused this message for good: trying again would fail the same way. With an
 * `addressProblem` the address itself is undeliverable (Postmark 406, or 300 naming the recipient);
 * without one, the message is at fault (a bug on our side to look at).
 */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
  readonly addressProblem: AddressProblem | null;
  constructor(message: string, addressProblem: AddressProblem | null) {
    super(message);
    this.addressProblem = addressProblem;
  }
}

/** The Mailer port: one delivery attempt, abandoned when `signal` aborts; throws on failure,
 *  returns the provider's message id. */
export interface MailTransport {
  name: string;
  /** Delivers to this machine (the console): the outbox row is the local user's mailbox, so
   *  secrets stay readable there. */
  local?: boolean;
  send(message: OutgoingEmail & { from: string }, options: { signal: AbortSignal }): Promise<string | undefined>;
  /** Asks the provider to send to an address again after a bounce (its bounce id); throws if refused. */
  reactivate?(bounceId: string, options: { signal: AbortSignal }): Promise<void>;
}
