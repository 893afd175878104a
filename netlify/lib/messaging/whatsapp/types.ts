/** The WhatsApp port (its types and its one error): adapters import only this file, index.ts picks one. */

export type WhatsAppLanguage = 'en' | 'hi';

export type TemplateMessage = {
  to: string;
  template: string;
  language: WhatsAppLanguage;
  variables: string[];
  /** An authentication template's copy-code button carries the code again (Meta requires it). */
  copyCode?: string;
};
export type TextMessage = { to: string; text: string };

/** A template as the provider reports it (Meta's message_templates fields). */
export type ProviderTemplate = {
  name: string;
  language: string;
  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED ... */
  status: string;
  category: string;
};

/** Why a send was refused, in our terms. */
export type RefusalKind =
  /** The template is paused, disabled, rejected or unknown: email goes instead. */
  | 'template-unavailable'
  /** Free text outside 24 hours of the person's last message. */
  | 'window-closed'
  /** The number cannot get WhatsApp messages (not on WhatsApp, blocked us, ...). */
  | 'recipient'
  /** Our request or account is at fault (token, parameters): a bug or a setting to fix. */
  | 'request'
  /** Rate limits, timeouts, 5xx: worth another try. */
  | 'temporary';

/** The provider refused a message (Graph API error code kept for the log). */
export class WhatsAppRefusal extends Error {
  override name = 'WhatsAppRefusal';
  readonly kind: RefusalKind;
  readonly code: number | null;
  constructor(kind: RefusalKind, message: string, code: number | null = null) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
  get permanent(): boolean {
    return this.kind !== 'temporary';
  }
}

/** The port: Meta's Cloud API, or the local sandbox that answers and signs the same way. */
export interface WhatsAppProvider {
  name: 'cloud-api' | 'sandbox';
  /** Checks X-Hub-Signature-256 against the app secret. */
  appSecret: string;
  verifyToken: string;
  /** Answers the message id (wamid); throws WhatsAppRefusal. */
  sendTemplate(message: TemplateMessage, options: { signal: AbortSignal }): Promise<string>;
  sendText(message: TextMessage, options: { signal: AbortSignal }): Promise<string>;
  listTemplates(options: { signal: AbortSignal }): Promise<ProviderTemplate[]>;
}
