/** The signed "Your choices" link (made in the platform, which the outbox needs it from). */
export { CHOICES_LINK_DAYS, choicesEmail, choicesToken, choicesUrl, unsubscribeUrl } from '../platform/index.ts';
