/** A learner's WhatsApp choice in settings, and proving a number (docs/whatsapp.md). */
import * as z from 'zod/mini';
import { normalisePhone } from './leads.ts';

/** PUT /api/v1/user/whatsapp: the learner's choice in settings (a number to turn it on). */
export const whatsappSettingSchema = z.discriminatedUnion(
  'optedIn',
  [
    z.strictObject({
      optedIn: z.literal(true),
      phone: z.pipe(
        z
          .string({ error: 'Enter your WhatsApp number' })
          .check(
            z.trim(),
            z.minLength(1, 'Enter your WhatsApp number'),
            z.maxLength(30, 'Enter a 10-digit mobile number, or + and the country code'),
          ),
        z.transform((value: string, ctx) => {
          const normal = normalisePhone(value);
          if (!normal) {
            ctx.issues.push({ code: 'custom', message: 'Enter a 10-digit mobile number, or + and the country code', input: value });
            return z.NEVER;
          }
          return normal;
        }),
      ),
      /** The language of the messages (and of the notice the person read). */
      language: z._default(z.enum(['en', 'hi'], { error: 'Choose English or Hindi' }), 'en'),
    }),
    z.strictObject({ optedIn: z.literal(false) }),
  ],
  { error: 'optedIn must be true or false' },
);
export type WhatsAppSettingInput = z.output<typeof whatsappSettingSchema>;
export type WhatsAppSetting = {
  available: boolean;
  /** The consent stands and the number is proven: messages go to `phone`. */
  optedIn: boolean;
  phone: string | null;
  language: 'en' | 'hi' | null;
  /** A number waiting for its code to be typed back (nothing goes to it until then). */
  pendingPhone: string | null;
};

/** The 6-digit code sent over WhatsApp to prove a number. */
export const CODE_LENGTH = 6;
const code = z
  .string({ error: 'Enter the 6-digit code' })
  .check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code from the WhatsApp message'));

/** POST /api/v1/user/whatsapp/confirm: the code the learner's phone got. */
export const whatsappCodeSchema = z.strictObject({ code });

/** The signed link emailed to confirm a form's WhatsApp number (/whatsapp/confirm?t=...). */
const token = z.string({ error: 'This link is not complete' }).check(z.minLength(20, 'This link is not complete'), z.maxLength(2000));
export const whatsappConfirmLinkSchema = z.strictObject({ token });
export const whatsappConfirmCodeSchema = z.strictObject({ token, code });

/** What the confirmation page shows: the number masked, and where it stands. */
export type WhatsAppConfirmation = {
  phone: string;
  confirmed: boolean;
  /** The number replied STOP: it gets nothing until it writes START. */
  blocked: boolean;
  /** The WhatsApp choice of the address was withdrawn since. */
  withdrawn: boolean;
};
