/**
 * The WhatsApp opt-in's words and reading, without zod: the registration page keeps zod out of its
 * bundle (see registration-check.ts), and it shows this choice too.
 */

/** The opt-in's words: separate from the privacy notice, unticked, naming the business. */
export const WHATSAPP_OPT_IN_LABEL = 'Send me updates from Aspira on WhatsApp';
export const WHATSAPP_OPT_IN_HINT = 'Optional. Reply STOP at any time to stop.';

/** True when the opt-in is ticked: `true`, or the box's values as a form kept them before it came alive (['on']). */
export const optInTicked = (value: unknown): boolean => value === true || (Array.isArray(value) && value.length > 0);
