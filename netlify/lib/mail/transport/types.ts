/** The Mailer port (no runtime code): adapters import only this file, index.ts picks one. */

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
};

/** The Mailer port: one delivery attempt, abandoned when `signal` aborts; throws on failure,
 *  returns the provider's message id. */
export interface MailTransport {
  name: string;
  /** Delivers to this machine (the console): the outbox row is the local user's mailbox, so
   *  secrets stay readable there. */
  local?: boolean;
  send(message: OutgoingEmail & { from: string }, options: { signal: AbortSignal }): Promise<string | undefined>;
}
