/**
 * The WhatsApp opt-in: its words, its reading and the schema fragment every form with a number
 * spreads in. zod/mini, like the forms' own rules (the forms' pages carry only these checks).
 */
import * as z from 'zod/mini';

/** The opt-in's words: separate from the privacy notice, unticked, naming the business. */
export const WHATSAPP_OPT_IN_LABEL = 'Send me updates from Aspira on WhatsApp';
export const WHATSAPP_OPT_IN_HINT = 'Optional. Reply STOP at any time to stop.';

/** True when the opt-in is ticked: `true`, or the box's values as a form kept them before it came alive (['on']). */
export const optInTicked = (value: unknown): boolean => value === true || (Array.isArray(value) && value.length > 0);

/** The schema fragment a form spreads in: absent or false means no. */
export const whatsappOptIn = {
  whatsapp: z.optional(
    z.pipe(
      z.transform((value: unknown) => (Array.isArray(value) && value.every((v) => v === 'on') ? optInTicked(value) : value)),
      z.boolean({ error: 'whatsapp must be true or false' }),
    ),
  ),
};
