/**
 * The privacy notice a form shows next to its submit button, and its version. A new notice gets a
 * new version here and on /privacy; every consent row keeps the version the person saw.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-24';

/** Where a consent came from (the `purpose` stored with it). */
export type ConsentPurpose =
  | 'contact'
  | 'advisor'
  | 'scholarship'
  | 'pitch'
  | 'registration'
  | 'signup'
  /** The separate, unticked choice to get updates on WhatsApp. */
  | 'whatsapp';

/** The languages the notice is offered in; the one the person read is kept with their consent. */
export type NoticeLanguage = 'en' | 'hi';

export const CONSENT_NOTICE =
  'By submitting, you agree that Aspira may use these details to respond to you, as described in our Privacy Policy.';
