/** A learner's WhatsApp choice in settings (docs/whatsapp.md). */
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
export type WhatsAppSetting = { available: boolean; optedIn: boolean; phone: string | null; language: 'en' | 'hi' | null };
